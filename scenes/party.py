"""The big screen's side of party play: hosting, the lobby, and the play-scene glue.

* :func:`hosted` -- a :class:`party.host.Party` (room, server, table) set up from the
  player's settings.
* :class:`LobbyScene` -- the QR code, the address and the room code, the seats with who
  has joined (and Kick), Start.
* The play scene calls ``Party.step`` every tick (see ``PlayScene.update``); nothing
  here waits on the network.
"""

from __future__ import annotations

import pygame

from game.records import profiles as gp
from game.text.i18n import _, ngettext
from party.host import Party
from scenes.app import LOGICAL_SIZE
from scenes.joining import (
    PHONE_LIST,
    QR_SIZE,
    PhoneRow,
    draw_join_card,
    draw_phone_list,
    phone_rows,
    slot_dot,
)
from scenes.qr import qr_surface
from scenes.widgets import (
    MenuScene,
    draw_text,
    starfield_background,
    text_width,
    toast,
)


def hosted(spec, setup, seats, clock_preset: str, settings) -> Party:
    """A party for these seats, listening where the settings say (not started yet)."""
    return Party(
        spec,
        setup,
        seats,
        clock_preset,
        host=settings.party_address,
        port=settings.party_port,
        takeover_seconds=settings.party_takeover_seconds,
        glyphs=bool(settings.colour_blind),
    )


class LobbyScene(MenuScene):
    """Phones join here; the host starts the game when the seats are filled."""

    name = "lobby"

    def __init__(self, app, party: Party):
        super().__init__(app)
        self.party = party
        self.fill_with_bots = True
        self.handed_over = False
        self.qr = qr_surface(party.url, QR_SIZE)
        self._seen: list[dict] = []
        self.build()

    SEATS = PHONE_LIST

    def seat_rows(self, count: int) -> list[pygame.Rect]:
        """One row per phone seat (scenes/joining.py): its Kick button goes at its end."""
        return phone_rows(count, self.SEATS)

    def build(self) -> None:
        self.clear_controls()
        snapshot = self.party.lobby.snapshot()
        self._seen = snapshot
        self._banned = bool(self.party.lobby.banned)
        for slot, row in zip(snapshot, self.seat_rows(len(snapshot)), strict=True):
            if slot["taken"]:
                self.button(
                    pygame.Rect(row.right - 84, row.y, 84, 46),
                    _("Kick"),
                    lambda s=slot["seat"]: self.kick(s),
                    object_id="#small",
                    tooltip=_("Free {seat}; that phone cannot come back").format(
                        seat=slot["label"]
                    ),
                )
        if self.party.lobby.banned:
            # Kicks also shut out the phone's address; a mistaken kick is undone here.
            self.button(
                pygame.Rect(190, 576, 300, 46),
                _("Let removed phones back"),
                self.forgive,
                object_id="#small",
                tooltip=_("Phones the host removed may join again (with a new seat token)"),
            )
        by = LOGICAL_SIZE[1] - 70
        self.button(pygame.Rect(40, by, 160, 54), _("Back"), self.on_back)
        # Start as wide as its label needs (the buttons' font: bold 24 at the text size),
        # the choice of the empty seats takes the rest of the row
        start = _("Start  ›")
        start_w = min(310, max(200, text_width(self.app.theme.font(24, "bold"), start) + 40))
        start_x = LOGICAL_SIZE[0] - 40 - start_w
        self.cycler(
            pygame.Rect(220, by, start_x - 20 - 220, 54),
            _("Empty phone seats"),
            (True, False),
            self.fill_with_bots,
            self.set_fill,
            fmt=lambda v: _("Medium bots play them") if v else _("wait for phones"),
            tooltip=_("What happens at Start to phone seats nobody has taken"),
        )
        self.button(
            pygame.Rect(start_x, by, start_w, 54), start, self.start_game, object_id="#primary"
        )

    def set_fill(self, value: bool) -> None:
        self.fill_with_bots = value

    def kick(self, seat: int) -> None:
        token = self.party.lobby.kick(seat)
        if token:
            self.party.server.close_token(token, "The host removed this phone from the game")
            toast(
                self.app,
                _("{seat} is free again").format(seat=self.party.lobby.labels[seat]),
                "info",
            )
        self.build()

    def forgive(self) -> None:
        self.party.lobby.forgive()
        toast(self.app, _("Removed phones may join again"), "info")
        self.build()

    def start_game(self) -> None:
        lobby = self.party.lobby
        empty = lobby.free_seats()
        if empty and not self.fill_with_bots:
            self.app.sound.play("error")
            toast(
                self.app,
                ngettext(
                    "{n} phone seat is still empty: wait for its phone to join, or let a "
                    "Medium bot take it",
                    "{n} phone seats are still empty: wait for them to join, or let "
                    "Medium bots take the empty seats",
                    len(empty),
                ).format(n=len(empty)),
                "warning",
            )
            return
        match = self.party.begin(self.fill_with_bots)
        self.attach_profiles(match)
        scene = self.app.build("play", match)
        scene.attach_party(self.party)
        self.handed_over = True
        self.app.replace(scene)

    def attach_profiles(self, match) -> None:
        """The phones that asked to play as a profile: each name matched to a profile
        (case and spacing ignored) or made into a new one, so the game counts for it."""
        wanted = self.party.lobby.profiles()
        if not wanted or self.app.kiosk:
            return
        profiles, problem = gp.load(self.app.paths)
        if problem:
            toast(self.app, problem, "warning")
        for seat, name in sorted(wanted.items()):
            try:
                profiles, profile = profiles.find_or_add(name, gp.today())
            except gp.NameProblem as exc:
                toast(self.app, str(exc), "warning")
                continue
            match.profiles[seat] = profile.id
        problem = gp.save(profiles, self.app.paths)
        if problem:
            toast(self.app, problem, "warning")

    def on_back(self) -> None:
        self.app.sound.play("back")
        self.app.pop()

    def exit(self) -> None:
        super().exit()
        if not self.handed_over:
            self.party.stop()

    def update(self) -> None:
        super().update()
        if self.handed_over:
            return  # the play screen's table answers the phones now
        if self.party.pump_lobby():  # phones joining: the booth is busy, not idle
            self.app.input.last_input_tick = self.app.tick_count
        if self.party.lobby.snapshot() != self._seen or self._banned != bool(
            self.party.lobby.banned
        ):
            focus = self.focus_index
            self.build()
            if 0 <= focus < len(self.controls):
                self.set_focus(focus)

    def draw_background(self, surface: pygame.Surface) -> None:
        starfield_background(surface, self.app.theme, self.motion_ticks)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        party = self.party
        draw_text(
            surface,
            _("{game}: join from your phone").format(game=party.spec.title),
            theme.heading(40),  # decorative: its designed size, within the screen
            theme["accent"],
            (40, 18),
            shadow=True,
            max_width=LOGICAL_SIZE[0] - 80,
        )
        draw_join_card(surface, theme, self.qr, party.server.url, party.lobby.code)
        snapshot = self._seen
        joined = sum(1 for s in snapshot if s["taken"])
        rows = []
        for slot in snapshot:
            if not slot["taken"]:
                line = _("{seat}:  waiting...").format(seat=slot["label"])
            elif slot["connected"]:
                line = _("{seat}:  {name}").format(seat=slot["label"], name=slot["name"])
            else:
                line = _("{seat}:  {name} (away)").format(seat=slot["label"], name=slot["name"])
            rows.append(
                PhoneRow(
                    line,
                    slot_dot(slot),
                    "text" if slot["taken"] else "text_dim",
                    keep_right=92 if slot["taken"] else 0,  # its Kick button
                )
            )
        draw_phone_list(
            surface,
            theme,
            _("Phone seats: {joined} of {total} joined").format(joined=joined, total=len(snapshot)),
            rows,
            self.SEATS,
        )
        if party.server.error:
            draw_text(
                surface, party.server.error, theme.font(18), theme["bad"], (40, 640), max_width=1200
            )


def open_lobby(app, match) -> LobbyScene | None:
    """The router's "lobby": a party for ``match``'s phone seats, started, and its lobby;
    None, after saying so, when it cannot listen."""
    party = hosted(match.spec, match.setup, match.seats, match.clock_preset, app.settings)
    party.lobby.profiles_allowed = not app.kiosk  # a booth's visitors are anonymous
    try:
        party.start()
    except (OSError, RuntimeError) as exc:
        app.sound.play("error")
        toast(app, _("Cannot host a party: {reason}").format(reason=exc), "warning")
        return None
    return LobbyScene(app, party)
