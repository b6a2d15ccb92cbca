"""The party server: aiohttp on a thread of its own, with its own asyncio loop.

It serves the phone page from ``party/static`` (and nothing outside it) and one
WebSocket per phone at ``/ws``.  Room-level messages (``seats``, ``hello``, ``resume``,
``ping``) are answered here against the :class:`~party.lobby.Lobby`; game messages from a
phone that holds a seat go to ``inbox`` for the table on the pygame thread, and the
table's replies come back through :meth:`send_seat` / :meth:`send_conn`, which only
schedule work on this loop.  Neither side ever waits for the other.
"""

from __future__ import annotations

import asyncio
import itertools
import mimetypes
import queue
import socket
import threading
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from game.text import i18n
from game.text.i18n import N_, _
from party import i18n as phone_i18n
from party import protocol
from party.guard import CodeThrottle, Limits, static_name
from party.lobby import Lobby, LobbyError

STATIC = Path(str(resources.files("party") / "static"))
FRAME_LIMIT = 64 * 1024  # frames beyond this close the socket; up to it they get a reply


@dataclass
class Event:
    """What the server tells the table: ``kind`` is "joined", "left" or "message"."""

    kind: str
    seat: int
    conn: int = 0
    msg: dict = field(default_factory=dict)
    language: str = "en"  # the phone's (its Accept-Language): what the table answers in


@dataclass
class _Conn:
    id: int
    ws: web.WebSocketResponse
    limit: protocol.RateLimit
    address: str = ""
    seat: int | None = None
    token: str = ""
    warned_at: float = -1.0
    deadline: asyncio.TimerHandle | None = None  # closes it if no seat is taken in time
    dropped_move: str | None = None  # the last move the rate limit dropped, not yet said
    drop_note: asyncio.TimerHandle | None = None  # says it, a second after the drop
    language: str = "en"  # from the page's Accept-Language: the words it is answered in


class PartyServer:
    def __init__(
        self,
        lobby: Lobby,
        host: str = "127.0.0.1",
        port: int = 0,
        rate: tuple[float, int] = (protocol.RATE_PER_SECOND, protocol.RATE_BURST),
        limits: Limits = Limits(),
        clock=time.monotonic,
    ):
        self.lobby = lobby
        self.rate = rate  # (messages a second, burst) per connection
        self.limits = limits
        self.throttle = CodeThrottle(limits, clock)  # touched only on the server loop
        # The page's files, read once (about 20 KB): answers come from memory, so a
        # connection the idle sweep closes still gets its buffered bytes (no sendfile).
        self._static = {
            p.name: (p.read_bytes(), mimetypes.guess_type(p.name)[0] or "application/octet-stream")
            for p in STATIC.iterdir()
            if p.is_file() and static_name(p.name)
        }
        self.host = host
        self.port = port
        self.inbox: queue.Queue[Event] = queue.Queue()
        self.error = ""
        self._conns: dict[int, _Conn] = {}  # touched only on the server loop
        # seat -> the language of the phone that last took it (the table words that
        # seat's views in it; read from the pygame thread, a plain dict's get is safe)
        self.seat_languages: dict[int, str] = {}
        self._ids = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stopping: asyncio.Event | None = None
        self.messages_in = 0  # counters for the bench and the tests
        self.refused = 0
        self.evicted = 0  # seatless sockets closed to make room for newer ones
        self.timed_out = 0  # seatless sockets closed at the end of their join window
        self.http_dropped = 0  # connections dropped for sending no whole request in time
        self._in_handler: dict = {}  # aiohttp's connection -> requests it has in a handler
        self._idle_since: dict = {}  # aiohttp's connection -> loop time it went idle
        # Replies and closes under way: the loop holds a task only weakly, so one held
        # by nothing else could be collected before it ran to its end.
        self._tasks: set[asyncio.Task[None]] = set()

    # -- life ---------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> None:
        """Listen; returns when the socket is bound (``port`` is then the real port)."""
        self._thread = threading.Thread(target=self._run, name="party-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the party server did not start")
        if self.error:
            raise OSError(self.error)

    def stop(self, timeout: float = 5.0) -> None:
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None and loop.is_running():
            loop.call_soon_threadsafe(stopping.set)
        if self._thread is not None:
            self._thread.join(timeout)
        self._thread = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        except Exception as exc:
            self.error = _("The party server could not listen on {address}: {problem}").format(
                address=f"{self.host}:{self.port}", problem=exc
            )
            self._ready.set()
        finally:
            loop.close()

    async def _serve(self) -> None:
        self._stopping = asyncio.Event()
        app = web.Application(client_max_size=FRAME_LIMIT, middlewares=[self._busy])
        app.router.add_get("/", self._index)
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/i18n.json", self._words)
        app.router.add_get("/static/{name:.*}", self._file)
        # (idle and half-sent connections are dropped by _sweep, not aiohttp's timers)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port, reuse_address=True)
        await site.start()
        sockets = getattr(site._server, "sockets", None) or []
        if sockets:
            self.port = sockets[0].getsockname()[1]
        self._ready.set()
        sweeper = asyncio.ensure_future(self._sweep(runner))
        try:
            await self._stopping.wait()
        finally:
            sweeper.cancel()
            for conn in list(self._conns.values()):
                await conn.ws.close(code=1001, message=b"host closed the party")
            await runner.cleanup()

    # -- slow HTTP --------------------------------------------------------------------------
    # aiohttp's keep-alive timer covers an idle connection after a response, but (up to
    # 3.14.3 at least; 3.14.5 arms it at open too) not one that never finishes its first
    # request: a half-open socket or a slowloris would hold a file descriptor for ever.  So every connection not inside a
    # handler (a request being answered, an open WebSocket) is timed here, from when it
    # opened or last finished a request, and dropped after ``http_idle_seconds``.
    @web.middleware
    async def _busy(self, request: web.Request, handler):
        proto = request.protocol
        self._in_handler[proto] = self._in_handler.get(proto, 0) + 1
        try:
            return await handler(request)
        finally:
            left = self._in_handler.get(proto, 1) - 1
            if left > 0:
                self._in_handler[proto] = left
            else:
                self._in_handler.pop(proto, None)
                self._idle_since[proto] = asyncio.get_running_loop().time()

    async def _sweep(self, runner: web.AppRunner) -> None:
        idle = self.limits.http_idle_seconds
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(min(1.0, idle / 3))
            server = runner.server
            if server is None:
                continue
            now = loop.time()
            live = set(server.connections)
            for gone in [h for h in self._idle_since if h not in live]:
                del self._idle_since[gone]
            for handler in live:
                if handler in self._in_handler:
                    continue
                since = self._idle_since.setdefault(handler, now)
                if now - since >= idle:
                    self.http_dropped += 1
                    del self._idle_since[handler]
                    handler.force_close()

    # -- HTTP ---------------------------------------------------------------------------
    async def _index(self, request: web.Request) -> web.StreamResponse:
        # The page in the phone's language: its words inlined before app.js, so it
        # needs no second request (and is English if anything goes wrong).
        body, kind = self._static["index.html"]
        language = phone_i18n.pick_language(request.headers.get("Accept-Language"))
        if language != "en":
            body = body.replace(b'<html lang="en">', f'<html lang="{language}">'.encode(), 1)
            body = body.replace(
                b'<script src="/static/app.js">',
                phone_i18n.page_script(language) + b'\n<script src="/static/app.js">',
                1,
            )
        return web.Response(
            body=body,
            content_type=kind,
            charset="utf-8",
            headers={"Cache-Control": "no-store", "Vary": "Accept-Language"},
        )

    async def _words(self, request: web.Request) -> web.StreamResponse:
        language = phone_i18n.pick_language(request.headers.get("Accept-Language"))
        return web.json_response(
            phone_i18n.phone_catalogue(language),
            headers={"Cache-Control": "no-store", "Vary": "Accept-Language"},
        )

    async def _file(self, request: web.Request) -> web.StreamResponse:
        # Only the page's own files, by plain name: anything else (long, NUL, dots,
        # escapes, slashes, backslashes) is not found, never an error.
        name = request.match_info.get("name", "")
        if not static_name(name) or name not in self._static:
            raise web.HTTPNotFound(text="Not found")
        body, kind = self._static[name]
        charset = "utf-8" if kind.startswith("text/") else None
        return web.Response(body=body, content_type=kind, charset=charset)

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=FRAME_LIMIT, heartbeat=10.0)
        await ws.prepare(request)
        address = request.remote or ""
        self._make_room(address)
        conn = _Conn(next(self._ids), ws, protocol.RateLimit(time.monotonic(), *self.rate), address)
        # The same choice the page made for its own words (garbage gives English).
        conn.language = phone_i18n.pick_language(request.headers.get("Accept-Language"))
        self._conns[conn.id] = conn
        loop = asyncio.get_running_loop()
        conn.deadline = loop.call_later(self.limits.join_seconds, self._join_window_over, conn)
        try:
            # This handler is the connection's own task: everything said to the phone
            # from here (refusals, join errors) is in the phone's language.
            with i18n.speaking(conn.language):
                async for frame in ws:
                    if frame.type == WSMsgType.TEXT:
                        await self._on_text(conn, frame.data)
                    elif frame.type == WSMsgType.BINARY:
                        await self._on_text(conn, frame.data)
                    elif frame.type == WSMsgType.ERROR:
                        break
        finally:
            if conn.deadline is not None:
                conn.deadline.cancel()
            if conn.drop_note is not None:
                conn.drop_note.cancel()
            self._conns.pop(conn.id, None)
            if conn.seat is not None:
                self.lobby.disconnected(conn.seat, conn.token)
                self.inbox.put(Event("left", conn.seat, conn.id))
        return ws

    # -- who may stay connected --------------------------------------------------------
    def _seatless(self, address: str | None = None) -> list[_Conn]:
        """Sockets without a seat, oldest first (of ``address`` only, if given)."""
        return [
            c
            for c in self._conns.values()
            if c.seat is None and (address is None or c.address == address)
        ]

    def _make_room(self, address: str) -> None:
        """Before a new socket joins: past either bound on seatless sockets, close the
        oldest of that address (or, for the total, of the busiest address).  The new
        socket is never the one refused, so a seated phone's reload always has its
        moment to resume, however many idle sockets strangers hold open."""
        lim = self.limits
        mine = self._seatless(address)
        while len(mine) >= lim.max_pending_per_address:
            self._evict(mine.pop(0), N_("Too many connections from this device"))
        every = self._seatless()
        while len(every) >= lim.max_pending:
            counts: dict[str, int] = {}
            for c in every:
                counts[c.address] = counts.get(c.address, 0) + 1
            busiest = max(counts, key=lambda a: counts[a])
            victim = next(c for c in every if c.address == busiest)
            every.remove(victim)
            self._evict(victim, N_("The host is busy: tap Find to try again"))

    def _evict(self, conn: _Conn, message: str) -> None:
        """Close ``conn`` to make room, telling it ``message`` (a message id) in its
        own language (this runs in the newcomer's task, which may speak another)."""
        self.evicted += 1
        self._drop(conn, self._words_for(conn, message), "busy")

    def _words_for(self, conn: _Conn, message: str) -> str:
        """``message`` (an English message id) in ``conn``'s language: for what one
        connection's task says to another one."""
        with i18n.speaking(conn.language):
            return _(message)

    def _say_dropped_move(self, conn: _Conn) -> None:
        """Tell a phone which of its moves the rate limit dropped (at most one such
        message a second a connection), so the person sends it again."""
        conn.drop_note = None
        raw, conn.dropped_move = conn.dropped_move, None
        if raw is None or conn.id not in self._conns:
            return
        try:
            msg = protocol.parse(raw)
        except protocol.ProtocolError:
            return  # not a message at all: the warning already said enough
        if msg["type"] != "move":
            return
        with i18n.speaking(conn.language):
            reason = _("Your move {move} was not taken: too many messages. Send it again.").format(
                move=msg["text"][:40]
            )
        self._spawn(self._reply(conn, "error", reason=reason, code="rate"))

    def _join_window_over(self, conn: _Conn) -> None:
        conn.deadline = None
        if conn.seat is None and conn.id in self._conns:
            self.timed_out += 1
            self._drop(
                conn,
                self._words_for(conn, N_("No seat was taken in time: tap Find to look again")),
                "idle",
            )

    def _drop(self, conn: _Conn, reason: str, code: str) -> None:
        """Close a seatless socket now (4001: the page does not reconnect on its own)."""
        self._conns.pop(conn.id, None)
        if conn.deadline is not None:
            conn.deadline.cancel()
            conn.deadline = None

        async def close() -> None:
            await self._reply(conn, "error", reason=reason, code=code)
            try:
                await conn.ws.close(code=4001, message=code.encode())
            except (ConnectionError, RuntimeError):
                pass

        self._spawn(close())

    def _seated(self, conn: _Conn) -> None:
        """``conn`` now holds a seat: no join window; old tabs of the seat past the
        bound are closed (4002: the page says the seat is open elsewhere)."""
        if conn.deadline is not None:
            conn.deadline.cancel()
            conn.deadline = None
        same = [c for c in self._conns.values() if c.token == conn.token and c is not conn]
        while len(same) >= self.limits.max_per_seat:
            old = same.pop(0)
            old.seat, old.token = None, ""  # leaves the lobby's count through its socket
            if conn.seat is not None:
                self.lobby.disconnected(conn.seat, conn.token)
            self._conns.pop(old.id, None)

            async def close(c=old) -> None:
                await self._reply(
                    c,
                    "error",
                    reason=self._words_for(c, N_("This seat is open on another tab")),
                    code="moved",
                )
                try:
                    await c.ws.close(code=4002, message=b"moved")
                except (ConnectionError, RuntimeError):
                    pass

            self._spawn(close())

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` on the server loop, kept until it is done."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _code_wait(self, conn: _Conn) -> str:
        """The refusal for a throttled address, or ""."""
        wait = self.throttle.wait(conn.address)
        if wait <= 0:
            return ""
        return _("Too many wrong room codes: wait {seconds} s and try again").format(
            seconds=max(1, round(wait))
        )

    def _check_code(self, conn: _Conn, code: str) -> None:
        """The room code, throttled per address: LobbyError when refused."""
        refusal = self._code_wait(conn)
        if refusal:
            self.refused += 1
            raise LobbyError(refusal)
        try:
            self.lobby.check_code(code)
        except LobbyError:
            self.throttle.wrong(conn.address)
            raise
        self.throttle.right(conn.address)

    async def _on_text(self, conn: _Conn, raw) -> None:
        if conn.id not in self._conns:
            return  # closed by the server (evicted, out of time): its last frames count for nothing
        now = time.monotonic()
        if not conn.limit.allow(now):
            self.refused += 1
            if isinstance(raw, str) and '"move"' in raw:
                # A move lost without a word is a turn the person thinks was played.
                # Parsing every dropped frame would feed the flood; a substring test is
                # cheap, and the last such frame is parsed once, a second later.
                conn.dropped_move = raw
                if conn.drop_note is None:
                    loop = asyncio.get_running_loop()
                    conn.drop_note = loop.call_later(1.0, self._say_dropped_move, conn)
            if now - conn.warned_at > 1.0:  # one warning a second, not one per message
                conn.warned_at = now
                await self._reply(
                    conn, "error", reason=_("Too many messages: slow down"), code="rate"
                )
            return
        self.messages_in += 1
        try:
            msg = protocol.parse(raw)
        except protocol.ProtocolError as exc:
            self.refused += 1
            await self._reply(conn, "error", reason=str(exc), code="bad-message")
            return
        kind = msg["type"]
        if kind == "move":
            conn.dropped_move = None  # a later move stands in for the dropped one
        if kind == "ping":
            await self._reply(conn, "pong")
        elif kind == "seats":
            try:
                self._check_code(conn, msg["room"])
            except LobbyError as exc:
                await self._reply(conn, "error", reason=str(exc), code="room")
                return
            await self._reply(
                conn,
                "seats",
                seats=self.lobby.snapshot(),
                started=self.lobby.started,
                profiles=self.lobby.profiles_allowed,
            )
        elif kind in ("hello", "resume"):
            if conn.seat is not None:
                await self._reply(
                    conn, "error", reason=_("This connection already has a seat"), code="seat"
                )
                return
            try:
                if kind == "hello":
                    try:
                        self._check_code(conn, msg["room"])
                    except LobbyError as exc:
                        await self._reply(conn, "error", reason=str(exc), code="room")
                        return
                    slot = self.lobby.join(
                        msg["room"], msg["name"], msg.get("seat"), conn.address, msg.get("profile")
                    )
                else:
                    slot = self.lobby.resume(msg["token"], conn.address)
            except LobbyError as exc:
                await self._reply(conn, "error", reason=str(exc), code="join")
                return
            conn.seat, conn.token = slot.seat, slot.token
            self.seat_languages[slot.seat] = conn.language
            self._seated(conn)
            await self._reply(
                conn,
                "welcome",
                seat=slot.seat,
                label=slot.label,
                name=slot.name,
                token=slot.token,
                v=protocol.VERSION,
            )
            self.inbox.put(Event("joined", slot.seat, conn.id, language=conn.language))
        elif conn.seat is None:
            await self._reply(
                conn, "error", reason=_("Join a seat first (room code and name)"), code="seat"
            )
        else:
            self.inbox.put(Event("message", conn.seat, conn.id, msg, conn.language))

    async def _reply(self, conn: _Conn, kind: str, **fields) -> None:
        if "reason" in fields:
            fields["reason"] = str(fields["reason"])[: protocol.MAX_REASON]
        if not conn.ws.closed:
            try:
                await conn.ws.send_str(protocol.encode(kind, **fields))
            except (ConnectionError, RuntimeError):
                pass  # the phone went away mid-reply; its seat waits for it

    # -- from the pygame thread ---------------------------------------------------------
    def send_seat(self, seat: int, text: str) -> None:
        self._call(self._send_where, lambda c: c.seat == seat, text)

    def send_conn(self, conn_id: int, text: str) -> None:
        self._call(self._send_where, lambda c: c.id == conn_id, text)

    def broadcast(self, text: str) -> None:
        self._call(self._send_where, lambda c: True, text)

    def close_token(self, token: str, reason: str) -> None:
        self._call(self._close_where, lambda c: c.token == token, reason)

    def _call(self, fn, *args) -> None:
        loop = self._loop
        if loop is not None and loop.is_running():
            try:
                loop.call_soon_threadsafe(lambda: self._spawn(fn(*args)))
            except RuntimeError:
                pass  # the loop closed between the check and the call

    async def _send_where(self, match, text: str) -> None:
        for conn in [c for c in self._conns.values() if match(c)]:
            if not conn.ws.closed:
                try:
                    await conn.ws.send_str(text)
                except (ConnectionError, RuntimeError):
                    pass

    async def _close_where(self, match, reason: str) -> None:
        for conn in [c for c in self._conns.values() if match(c)]:
            await self._reply(conn, "kicked", reason=reason)
            conn.seat, conn.token = None, ""
            await conn.ws.close(code=4000, message=b"kicked")

    def connections(self) -> int:
        return len(self._conns)


def lan_address() -> str:
    """This machine's address on the local network, without sending anything: a UDP
    socket 'connected' to a private address only asks the OS which interface it would
    use.  Falls back to loopback when there is no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            addr = s.getsockname()[0]
        except OSError:
            addr = "127.0.0.1"
    return addr
