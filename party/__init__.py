"""Party play: phones join a game on the big screen as private controllers.

Where each part goes (read this first):

* ``protocol.py`` -- the messages, their version and their validation (pure).  Every
  message a phone may send is checked here before anything else looks at it.
  ``docs/party.md`` is the written form of the same protocol.
* ``lobby.py`` -- the room: its code, the seats phones may take, names, tokens, who is
  connected, who was kicked (pure, thread-safe).
* ``table.py`` -- the game side, run on the pygame thread: turns phone messages into
  actions on the same :class:`game.midend.match.Match` the screen shows, refuses what the rules
  refuse with their reason, and writes each seat's view (public state plus that seat's
  own secrets, never another seat's).  No pygame: the tests drive it without a window.
* ``guard.py`` -- the bounds that keep strangers from wearing the party down (join
  window, seatless sockets per address and in all, room-code throttle, HTTP idle time,
  the shape of a static file name), pure and in one place so tests can shrink them.
* ``server.py`` -- aiohttp on its own thread and asyncio loop: the page, its static files
  and one WebSocket per phone.  It talks to the table only through thread-safe queues,
  so a slow phone never stalls a frame.
* ``static/`` -- the phone page: plain HTML, CSS and JavaScript, no build step.

Nothing here imports pygame; the big screen's lobby and its play-scene glue live in
``scenes/party.py``.
"""
