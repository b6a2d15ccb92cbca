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
import queue
import socket
import threading
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from aiohttp import WSMsgType, web

from party import protocol
from party.lobby import Lobby, LobbyError

STATIC = Path(str(resources.files("party") / "static"))
MAX_CONNECTIONS = 64  # 12 phones, their reloads, onlookers on the seat list
FRAME_LIMIT = 64 * 1024  # frames beyond this close the socket; up to it they get a reply


@dataclass
class Event:
    """What the server tells the table: ``kind`` is "joined", "left" or "message"."""

    kind: str
    seat: int
    conn: int = 0
    msg: dict = field(default_factory=dict)


@dataclass
class _Conn:
    id: int
    ws: web.WebSocketResponse
    limit: protocol.RateLimit
    seat: int | None = None
    token: str = ""
    warned_at: float = -1.0


class PartyServer:
    def __init__(
        self,
        lobby: Lobby,
        host: str = "127.0.0.1",
        port: int = 0,
        rate: tuple[float, int] = (protocol.RATE_PER_SECOND, protocol.RATE_BURST),
    ):
        self.lobby = lobby
        self.rate = rate  # (messages a second, burst) per connection
        self.host = host
        self.port = port
        self.inbox: queue.Queue[Event] = queue.Queue()
        self.error = ""
        self._conns: dict[int, _Conn] = {}  # touched only on the server loop
        self._ids = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stopping: asyncio.Event | None = None
        self.messages_in = 0  # counters for the bench and the tests
        self.refused = 0

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
        except Exception as exc:  # noqa: BLE001 - reported to the host screen, never raised there
            self.error = f"The party server could not listen on {self.host}:{self.port}: {exc}"
            self._ready.set()
        finally:
            loop.close()

    async def _serve(self) -> None:
        self._stopping = asyncio.Event()
        app = web.Application(client_max_size=FRAME_LIMIT)
        app.router.add_get("/", self._index)
        app.router.add_get("/ws", self._socket)
        # aiohttp's static route resolves every path and refuses anything outside STATIC.
        app.router.add_static("/static/", STATIC, follow_symlinks=False, show_index=False)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port, reuse_address=True)
        await site.start()
        sockets = getattr(site._server, "sockets", None) or []  # noqa: SLF001
        if sockets:
            self.port = sockets[0].getsockname()[1]
        self._ready.set()
        try:
            await self._stopping.wait()
        finally:
            for conn in list(self._conns.values()):
                await conn.ws.close(code=1001, message=b"host closed the party")
            await runner.cleanup()

    # -- HTTP ---------------------------------------------------------------------------
    async def _index(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=FRAME_LIMIT, heartbeat=10.0)
        if len(self._conns) >= MAX_CONNECTIONS:
            await ws.prepare(request)
            await ws.send_str(
                protocol.encode("error", reason="The room is full of connections", code="full")
            )
            await ws.close()
            return ws
        await ws.prepare(request)
        conn = _Conn(next(self._ids), ws, protocol.RateLimit(time.monotonic(), *self.rate))
        self._conns[conn.id] = conn
        try:
            async for frame in ws:
                if frame.type == WSMsgType.TEXT:
                    await self._on_text(conn, frame.data)
                elif frame.type == WSMsgType.BINARY:
                    await self._on_text(conn, frame.data)
                elif frame.type == WSMsgType.ERROR:
                    break
        finally:
            self._conns.pop(conn.id, None)
            if conn.seat is not None:
                self.lobby.disconnected(conn.seat, conn.token)
                self.inbox.put(Event("left", conn.seat, conn.id))
        return ws

    async def _on_text(self, conn: _Conn, raw) -> None:
        now = time.monotonic()
        if not conn.limit.allow(now):
            self.refused += 1
            if now - conn.warned_at > 1.0:  # one warning a second, not one per message
                conn.warned_at = now
                await self._reply(conn, "error", reason="Too many messages: slow down", code="rate")
            return
        self.messages_in += 1
        try:
            msg = protocol.parse(raw)
        except protocol.ProtocolError as exc:
            self.refused += 1
            await self._reply(conn, "error", reason=str(exc), code="bad-message")
            return
        kind = msg["type"]
        if kind == "ping":
            await self._reply(conn, "pong")
        elif kind == "seats":
            try:
                self.lobby.check_code(msg["room"])
            except LobbyError as exc:
                await self._reply(conn, "error", reason=str(exc), code="room")
                return
            await self._reply(
                conn, "seats", seats=self.lobby.snapshot(), started=self.lobby.started
            )
        elif kind in ("hello", "resume"):
            if conn.seat is not None:
                await self._reply(
                    conn, "error", reason="This connection already has a seat", code="seat"
                )
                return
            try:
                slot = (
                    self.lobby.join(msg["room"], msg["name"], msg.get("seat"))
                    if kind == "hello"
                    else self.lobby.resume(msg["token"])
                )
            except LobbyError as exc:
                await self._reply(conn, "error", reason=str(exc), code="join")
                return
            conn.seat, conn.token = slot.seat, slot.token
            await self._reply(
                conn,
                "welcome",
                seat=slot.seat,
                label=slot.label,
                name=slot.name,
                token=slot.token,
                v=protocol.VERSION,
            )
            self.inbox.put(Event("joined", slot.seat, conn.id))
        elif conn.seat is None:
            await self._reply(
                conn, "error", reason="Join a seat first (room code and name)", code="seat"
            )
        else:
            self.inbox.put(Event("message", conn.seat, conn.id, msg))

    async def _reply(self, conn: _Conn, kind: str, **fields) -> None:
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
                loop.call_soon_threadsafe(lambda: asyncio.ensure_future(fn(*args)))
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
