"""Simulated phones for the party tests: real WebSockets to a real server on 127.0.0.1.

Every connection goes to the loopback address the server was bound to, and every wait
is bounded (``TIMEOUT``), so a broken host fails a test instead of hanging it.

``Phone`` keeps every message it received (``inbox``, the raw text in ``raw``) and the
latest ``state``; ``Host`` runs the table's ``step`` the way the big screen's tick would,
from a task on the phones' own event loop (a different thread from the server's).
"""

from __future__ import annotations

import asyncio
import json
from typing import Callable

import aiohttp

TIMEOUT = 10.0


class Phone:
    def __init__(self, session: aiohttp.ClientSession, base_url: str):
        assert base_url.startswith(("http://127.0.0.1:", "http://[::1]:")), base_url
        self.session, self.base_url = session, base_url
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.inbox: list[dict] = []
        self.raw: list[str] = []
        self.state: dict | None = None
        self.token = ""
        self.seat: int | None = None
        self.closed = asyncio.Event()
        self._reader: asyncio.Task | None = None

    async def open(self, language: str | None = None) -> "Phone":
        """Connect; ``language`` is sent as the socket request's Accept-Language."""
        headers = {"Accept-Language": language} if language else None
        self.ws = await self.session.ws_connect(self.base_url + "ws", headers=headers)
        self.closed.clear()
        self._reader = asyncio.ensure_future(self._read())
        return self

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for frame in self.ws:
                if frame.type != aiohttp.WSMsgType.TEXT:
                    continue
                self.raw.append(frame.data)
                msg = json.loads(frame.data)
                self.inbox.append(msg)
                if msg["type"] == "state":
                    self.state = msg
                elif msg["type"] == "welcome":
                    self.token, self.seat = msg["token"], msg["seat"]
        finally:
            self.closed.set()

    async def send(self, **msg) -> None:
        assert self.ws is not None
        await self.ws.send_str(json.dumps(msg))

    async def send_raw(self, data) -> None:
        assert self.ws is not None
        if isinstance(data, bytes):
            await self.ws.send_bytes(data)
        else:
            await self.ws.send_str(data)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.wait_for(self._reader, TIMEOUT)

    def count(self, kind: str) -> int:
        return sum(1 for m in self.inbox if m["type"] == kind)

    def last(self, kind: str) -> dict | None:
        return next((m for m in reversed(self.inbox) if m["type"] == kind), None)

    async def reply(self, kind: str | tuple[str, ...], after: int) -> dict:
        """The first message of ``kind`` received after the first ``after`` messages."""
        kinds = (kind,) if isinstance(kind, str) else kind
        await until(lambda: any(m["type"] in kinds for m in self.inbox[after:]))
        return next(m for m in self.inbox[after:] if m["type"] in kinds)

    async def ask(self, kinds: tuple[str, ...], **msg) -> dict:
        """Send ``msg`` and return the first answer of one of ``kinds``."""
        mark = len(self.inbox)
        await self.send(**msg)
        return await self.reply(kinds, mark)

    async def join(self, room: str, name: str, seat: int | None = None) -> dict:
        return await self.ask(
            ("welcome", "error"), type="hello", v=1, room=room, name=name, seat=seat
        )


async def seated(session: aiohttp.ClientSession, party, names) -> list["Phone"]:
    """One phone per name, each joined to ``party`` in the first free seat."""
    phones = []
    for name in names:
        phone = await Phone(session, party.server.url).open()
        answer = await phone.join(party.lobby.code, name)
        assert answer["type"] == "welcome", answer
        phones.append(phone)
    return phones


async def until(predicate: Callable[[], bool], timeout: float = TIMEOUT, what: str = "") -> None:
    """Wait (bounded) until ``predicate()`` holds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not predicate():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting{': ' + what if what else ''}")
        await asyncio.sleep(0.003)


class Host:
    """Steps the party table as the big screen would, every few milliseconds."""

    def __init__(self, table, on_step: Callable | None = None):
        self.table = table
        self.on_step = on_step
        self.results: list = []
        self._task: asyncio.Task | None = None

    async def __aenter__(self) -> "Host":
        self._task = asyncio.ensure_future(self._run())
        return self

    async def __aexit__(self, *exc) -> None:
        assert self._task is not None
        self._task.cancel()
        try:
            await self._task
        except asyncio.CancelledError:
            pass

    async def _run(self) -> None:
        while True:
            result = self.table.step()
            self.results.append(result)
            if self.on_step is not None:
                self.on_step(result)
            await asyncio.sleep(0.002)


def run(coro, timeout: float = 240.0):
    """Run a test coroutine with an overall bound."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


def run_party(party, main: Callable, timeout: float = 240.0):
    """Run ``main()`` (a coroutine function) and stop the party's server, pass or fail."""
    try:
        return run(main(), timeout)
    finally:
        party.stop()


class LoopThread:
    """An event loop on a thread of its own, for tests whose phones must outlive one
    hypothesis example: ``call(coro)`` runs a coroutine there and waits (bounded)."""

    def __init__(self):
        import threading

        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()

    def call(self, coro, timeout: float = 60.0):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(TIMEOUT)
        self.loop.close()
