"""The shared hall of fame against a real PostgreSQL, started here on 127.0.0.1 (a
throwaway cluster: initdb into a temp folder, a free port, stopped after).  Skipped,
with the reason, where PostgreSQL's programs or psycopg are missing; never a mock."""

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time

import pytest

from game.records import hall_of_fame as hof

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed")


def pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    hits = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return hits[-1] if hits else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A PostgreSQL cluster in a temp folder, run as the ``postgres`` user when this
    process is root (postgres refuses to run as root)."""

    def __init__(self):
        self.initdb, self.pg_ctl = pg_bin("initdb"), pg_bin("pg_ctl")
        if not (self.initdb and self.pg_ctl):
            pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
        self.prefix: list[str] = []
        self.root = tempfile.mkdtemp(prefix="crystal-pg-")
        if os.geteuid() == 0:
            try:
                import pwd

                user = pwd.getpwnam("postgres")
            except KeyError:
                pytest.skip("running as root and there is no postgres user to run PostgreSQL")
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self.prefix = ["runuser", "-u", "postgres", "--"]
        self.data = os.path.join(self.root, "data")
        self.port = free_port()
        self.run(self.initdb, "-D", self.data, "-A", "trust", "-U", "postgres", "--no-sync")
        self.start()

    def run(self, *args) -> None:
        done = subprocess.run(
            [*self.prefix, *args], capture_output=True, text=True, timeout=120, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stderr[-500:]}")

    def start(self) -> None:
        opts = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self.run(self.pg_ctl, "-D", self.data, "-o", opts, "-l", f"{self.root}/log", "-w", "start")

    def stop(self) -> None:
        self.run(self.pg_ctl, "-D", self.data, "-m", "fast", "-w", "stop")

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def rows(self) -> list[tuple]:
        with psycopg.connect(self.url, connect_timeout=5) as conn:
            return conn.execute(
                "SELECT id, initials, score FROM crystal_hall_of_fame ORDER BY score"
            ).fetchall()

    def remove(self) -> None:
        try:
            self.stop()
        except RuntimeError:
            pass
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="module")
def server():
    s = Server()
    yield s
    s.remove()


@pytest.fixture(autouse=True)
def empty_table(server):
    yield
    try:
        with psycopg.connect(server.url, connect_timeout=5) as conn:
            conn.execute("DROP TABLE IF EXISTS crystal_hall_of_fame")
    except psycopg.Error:
        pass  # a test left the server stopped; the next start clears nothing needed


def e(initials="ABC", score=1.0):
    return hof.Entry("rush:crystal-connector", initials, score, time.time())


def test_scores_go_to_the_server(server, tmp_path):
    fame = hof.HallOfFame(tmp_path / "a.db", server.url, background=False)
    entry = e("ONE", 5)
    fame.add(entry)
    assert fame.sync_now() and fame.online
    assert server.rows() == [(entry.id, "ONE", 5.0)]
    assert fame.local.unsent() == []
    fame.close()


def test_a_stopped_server_keeps_scores_locally_and_sends_them_once_when_back(server, tmp_path):
    fame = hof.HallOfFame(tmp_path / "a.db", server.url, background=False)
    first = e("FIR", 1)
    fame.add(first)
    assert fame.sync_now()
    server.stop()
    try:
        kept = [e("KEP", 2), e("TWO", 3)]
        for entry in kept:
            fame.add(entry)
        assert not fame.sync_now() and fame.online is False
        # kept here, on the tables the screens read
        table = fame.table("rush:crystal-connector", None)
        assert {x.initials for x in table} == {"FIR", "KEP", "TWO"}
        assert {x.id for x in fame.local.unsent()} == {x.id for x in kept}
    finally:
        server.start()
    assert fame.sync_now() and fame.sync_now()  # twice: nothing is sent a second time
    assert [r[1] for r in server.rows()] == ["FIR", "KEP", "TWO"]
    assert fame.local.unsent() == []
    fame.close()


def test_a_store_reopened_after_the_server_was_away_sends_what_it_kept(server, tmp_path):
    server.stop()
    try:
        fame = hof.HallOfFame(tmp_path / "a.db", server.url, background=False)
        fame.add(e("OFF", 7))
        assert not fame.sync_now()
        fame.close()  # the booth was switched off before the server came back
    finally:
        server.start()
    again = hof.HallOfFame(tmp_path / "a.db", server.url, background=False)
    assert again.sync_now()
    assert [r[1] for r in server.rows()] == ["OFF"]
    again.close()


def test_two_kiosks_share_one_table(server, tmp_path):
    a = hof.HallOfFame(tmp_path / "a.db", server.url, background=False)
    b = hof.HallOfFame(tmp_path / "b.db", server.url, background=False)
    a.add(e("AAA", 10))
    b.add(e("BBB", 20))
    assert a.sync_now() and b.sync_now() and a.sync_now()
    for fame in (a, b):
        table = fame.table("rush:crystal-connector", None)
        assert [x.initials for x in table] == ["BBB", "AAA"]
    assert len(server.rows()) == 2
    # the operator clears: the shared table empties, and stays empty on the next pull
    a.clear()
    assert a.sync_now() and server.rows() == []
    assert a.table("rush:crystal-connector", None) == []
    a.close()
    b.close()


def test_the_background_thread_sends_without_the_caller_waiting(server, tmp_path):
    fame = hof.HallOfFame(tmp_path / "a.db", server.url)  # the app's way: a thread
    try:
        # Bounds for a stuck thread, not speed checks: each wait ends as soon as a
        # round the server answered is done.
        assert fame.synced.wait(30)  # the first round, at start
        fame.synced.clear()
        entry = e("BGT", 4)
        fame.add(entry)  # returns at once: the local file has it
        assert [x.id for x in fame.local.entries()] == [entry.id]
        assert fame.synced.wait(30)
        assert [r[0] for r in server.rows()] == [entry.id]
    finally:
        fame.close()


def test_an_unreachable_server_fails_fast_and_quietly(tmp_path):
    port = free_port()  # nothing listens there
    fame = hof.HallOfFame(tmp_path / "a.db", f"postgresql://x@127.0.0.1:{port}/x", background=False)
    fame.add(e("LOC", 1))
    assert not fame.sync_now() and fame.online is False
    assert [x.initials for x in fame.table("rush:crystal-connector", None)] == ["LOC"]
    fame.close()
