"""The settings screen, in pages: General, Accessibility, Party, Controls.  Every
change applies at once and is saved at once; a change of text size or palette also
rebuilds this page so its rows grow with the text."""

from __future__ import annotations

import pygame

from game.text.i18n import N_, _, number, percent
from scenes.app import LOGICAL_SIZE
from scenes.config import ANIMATION_SPEEDS
from scenes.input import (
    ACTIONS,
    BINDABLE_KEYS,
    BUTTON_NAMES,
    CONTROLLER_BUTTONS,
    action_buttons,
    action_keys,
    key_label,
    rebind_problem,
    rebutton_problem,
    with_binding,
)
from scenes.language import apply_language, language_choices, language_label
from scenes.theme import TEXT_SIZES, apply_look
from scenes.widgets import (
    MIN_TARGET,
    RING,
    MenuScene,
    draw_gem,
    draw_panel,
    draw_text,
    toast,
    wrap_text,
)

VOLUMES = tuple(round(v / 10, 1) for v in range(0, 11))
# The pages' names are their keys too: marked here, translated where drawn.
PAGES = (N_("General"), N_("Accessibility"), N_("Party"), N_("Controls"))


def _pct(v: float) -> str:
    return percent(v)


def _onoff(v: bool) -> str:
    return _("On") if v else _("Off")


class SettingsScene(MenuScene):
    name = "settings"

    def __init__(self, app, page: str = "General"):
        super().__init__(app)
        self.page = page if page in PAGES else "General"
        self.action = next(iter(ACTIONS))  # the Controls page's chosen action
        self.listening: str | None = None  # "key" / "button" while waiting for a press
        self.build_page()

    # -- layout ---------------------------------------------------------------------
    def metrics(self) -> tuple[int, int, int, int]:
        """Row x, width, height and the gap: rows grow with the text size."""
        scale = self.app.theme.text_scale
        w = min(LOGICAL_SIZE[0] - 80, round(720 * scale))
        h = 50 + round((scale - 1) * 24)
        return LOGICAL_SIZE[0] // 2 - w // 2, w, h, 6

    def build_page(self, focus: int | None = None) -> None:
        self.clear_controls()
        x, w, h, gap = self.metrics()
        # under the heading (its designed size, or the bold it falls back to for a letter
        # the display font lacks) and clear of the tabs' focus ring
        theme = self.app.theme
        y = 40 + max(theme.heading(52).get_height(), theme.heading(52, "bold").get_height())
        y += RING + 2
        widths = self.tab_widths(w, gap)
        tab_x = LOGICAL_SIZE[0] // 2 - (sum(widths) + gap * (len(PAGES) - 1)) // 2
        for page, tab_w in zip(PAGES, widths, strict=True):
            tab = self.button(
                pygame.Rect(tab_x, y, tab_w, h),
                _(page),
                lambda p=page: self.open_page(p),
                object_id="#primary" if page == self.page else None,
            )
            tab.primary = False  # styled as the current page; Start still means Back
            tab_x += tab_w + gap
        self.tabs = len(PAGES)
        y += h + 14
        rows = self.rows()
        # Seven rows at 150 % text would push Back off the screen: the rows share the
        # room above it, never lower than a finger's target.
        room = LOGICAL_SIZE[1] - h - 16 - 8 - y
        row_h = h
        if rows and len(rows) * (h + gap) > room:
            row_h = max(MIN_TARGET, room // len(rows) - gap)
        for label, values, cur, fn, fmt, tip in rows:
            self.cycler(pygame.Rect(x, y, w, row_h), label, values, cur, fn, fmt=fmt, tooltip=tip)
            y += row_h + gap
        if self.page == "Controls":
            y = self.build_controls(x, y, w, h, gap)
        self.rows_end = y
        self.bottom = max(y + 8, LOGICAL_SIZE[1] - h - 16)
        self.button(pygame.Rect(x, self.bottom, 200, h), _("Back"), self.on_back)
        if self.page == "General" and not self.app.kiosk:
            # The player profiles' screen (scenes/profiles): also on game select.
            # clear of the glyph sample beside Back (it ends 440 px in)
            self.button(
                pygame.Rect(x + w - 250, self.bottom, 250, h),
                _("Player profiles"),
                lambda: self.app.open("profiles"),
            )
        # The focus starts on the page's first row (a tab after a page change).
        self.set_focus(focus if focus is not None else min(self.tabs, len(self.controls) - 1))

    def tab_widths(self, w: int, gap: int) -> list[int]:
        """The page tabs' widths: equal when every name fits, else each as wide as its
        name needs (a long translation such as "Barrierefreiheit" gets room), the row
        growing past the rows' width up to the screen's."""
        font = self.app.theme.font(24, "bold")  # the buttons' font (theme.json)
        need = [font.size(_(page))[0] + 28 for page in PAGES]
        gaps = gap * (len(PAGES) - 1)
        equal = (w - gaps) // len(PAGES)
        if max(need) <= equal:
            return [equal] * len(PAGES)
        row = min(LOGICAL_SIZE[0] - 80, max(w, sum(need) + gaps))
        spare = row - gaps - sum(need)
        return [n + spare // len(PAGES) for n in need]

    def rows(self) -> list:
        s = self.app.settings
        if self.page == "General":
            return [
                (
                    _("Fullscreen"),
                    (False, True),
                    s.fullscreen,
                    self.set_fullscreen,
                    _onoff,
                    _("Fill the screen (F11 also works in the window)"),
                ),
                (
                    _("Master volume"),
                    VOLUMES,
                    round(s.master_volume, 1),
                    self.setter("master_volume"),
                    _pct,
                    None,
                ),
                (
                    _("Effects volume"),
                    VOLUMES,
                    round(s.effects_volume, 1),
                    self.setter("effects_volume"),
                    _pct,
                    None,
                ),
                (
                    _("Animation speed"),
                    ANIMATION_SPEEDS,
                    s.animation_speed,
                    self.setter("animation_speed"),
                    lambda v: _("{factor}x").format(factor=number(v)),
                    _("How fast pieces slide and crystals shift"),
                ),
                (
                    _("Colour-blind glyphs"),
                    (False, True),
                    s.colour_blind,
                    self.setter("colour_blind"),
                    _onoff,
                    _("Draw a shape on every coloured piece"),
                ),
                (
                    _("Shift preview"),
                    (True, False),
                    s.shift_preview,
                    self.setter("shift_preview"),
                    _onoff,
                    _(
                        "Crystal Connector. On: each shift slides as you enter it. "
                        "Off: the board waits until the turn is confirmed"
                    ),
                ),
                # Last, so the rows above keep their places (and their keys).
                (
                    _("Language"),
                    language_choices(),
                    s.language if s.language in language_choices() else "",
                    self.set_language,
                    language_label,
                    _("The language of every screen; System follows this computer's language"),
                ),
            ]
        if self.page == "Accessibility":
            return [
                (
                    _("Text size"),
                    TEXT_SIZES,
                    s.text_size if s.text_size in TEXT_SIZES else 100,
                    self.look_setter("text_size"),
                    lambda v: percent(v / 100),
                    _("Bigger text on every screen; layouts make room for it"),
                ),
                (
                    _("High contrast"),
                    (False, True),
                    s.high_contrast,
                    self.look_setter("high_contrast"),
                    _onoff,
                    _("Black grounds, white text and bright edges, boards included"),
                ),
                (
                    _("Reduced motion"),
                    (False, True),
                    s.reduced_motion,
                    self.look_setter("reduced_motion"),
                    _onoff,
                    _(
                        "No drifting background, bounce or pulsing; "
                        "moves still slide, in half the time"
                    ),
                ),
                (
                    _("Colour-blind glyphs"),
                    (False, True),
                    s.colour_blind,
                    self.setter("colour_blind"),
                    _onoff,
                    _("Draw a shape on every coloured piece"),
                ),
                (
                    _("Speech"),
                    (False, True),
                    s.speech,
                    self.set_speech,
                    _onoff,
                    _("Say screens, moves and the board through your screen reader (F5)"),
                ),
            ]
        if self.page == "Party":
            return [
                (
                    _("Phones join on"),
                    ("", "127.0.0.1"),
                    s.party_address if s.party_address in ("", "127.0.0.1") else "",
                    self.setter("party_address"),
                    lambda v: _("local network") if v == "" else _("this computer"),
                    _(
                        "Where a hosted party listens: the local network "
                        "(phones on the same Wi-Fi) or this computer only"
                    ),
                ),
                (
                    _("Bot takes a phone away for"),
                    (30.0, 60.0, 120.0, 300.0),
                    s.party_takeover_seconds
                    if s.party_takeover_seconds in (30.0, 60.0, 120.0, 300.0)
                    else 60.0,
                    self.setter("party_takeover_seconds"),
                    lambda v: _("{seconds} s").format(seconds=number(v)),
                    _(
                        "A seat whose phone has been away this long is played by a "
                        "Medium bot until it returns"
                    ),
                ),
            ]
        return []

    def build_controls(self, x: int, y: int, w: int, h: int, gap: int) -> int:
        """One action at a time: which one, its key, its button, and a reset."""
        names = list(ACTIONS)
        self.cycler(
            pygame.Rect(x, y, w, h),
            _("Action"),
            names,
            self.action,
            self.choose_action,
            fmt=lambda a: _(ACTIONS[a][0]),
            tooltip=_("Pick an action, then press Key or Button and the new key or button"),
        )
        y += h + gap
        half = (w - gap) // 2
        keys = action_keys(self.app.settings.key_bindings)
        buttons = action_buttons(self.app.settings.button_bindings)
        key_text = (
            _("Press a key…")
            if self.listening == "key"
            else _("Key: {key}").format(key=key_label(keys[self.action]))
        )
        pad_text = (
            _("Press a button…")
            if self.listening == "button"
            else _("Button: {button}").format(button=_(BUTTON_NAMES[buttons[self.action]]))
        )
        self.button(pygame.Rect(x, y, half, h), key_text, lambda: self.listen("key"))
        self.button(
            pygame.Rect(x + half + gap, y, half, h), pad_text, lambda: self.listen("button")
        )
        y += h + gap
        self.button(pygame.Rect(x, y, w, h), _("Reset keys and buttons"), self.reset_bindings)
        return y + h + gap

    # -- changes ----------------------------------------------------------------------
    def open_page(self, page: str) -> None:
        self.page = page
        self.listening = None
        self.build_page(focus=PAGES.index(page))

    def set_speech(self, on: bool) -> None:
        message = self.app.set_speech(on)
        self.save()
        if message:
            self.app.speech.say(message)

    def setter(self, name: str):
        def apply(value) -> None:
            setattr(self.app.settings, name, value)
            self.save()
            if name.endswith("volume"):
                self.app.sound.play("score")

        return apply

    def look_setter(self, name: str):
        """Text size, contrast, motion: applied to every screen, and this page rebuilt
        at the new size with the focus kept on the row."""

        def apply(value) -> None:
            setattr(self.app.settings, name, value)
            self.save()
            apply_look(self.app)
            self.rebuild_later = self.focus_index

        return apply

    rebuild_later: int | None = None

    def set_language(self, code: str) -> None:
        """Speak ``code`` ("" = the system's) at once: every screen on the stack
        relabels (scenes/widgets/menus.py MenuScene.follow_language), this page too."""
        self.app.settings.language = code
        self.save()
        problem = apply_language(self.app)
        if problem:
            toast(self.app, problem, "warning")

    def relabel(self) -> None:
        self.build_page(focus=self.focus_index)

    def set_fullscreen(self, on: bool) -> None:
        self.app.set_fullscreen(on)
        self.save()

    def save(self) -> None:
        if self.app.kiosk:
            return  # a booth's changes live in memory: the person's settings.json is theirs
        problem = self.app.settings.save(self.app.paths)
        if problem:
            toast(self.app, problem, "warning")

    def choose_action(self, action: str) -> None:
        self.action = action
        self.listening = None
        self.rebuild_later = self.focus_index

    def listen(self, what: str) -> None:
        self.listening = what
        # The mapper hands this screen the keys and buttons as pressed, not as bound.
        self.app.input.raw = True
        self.rebuild_later = self.focus_index

    def stop_listening(self) -> None:
        self.listening = None
        self.app.input.raw = False
        self.rebuild_later = self.focus_index

    def bind_key(self, key: int) -> None:
        s = self.app.settings
        problem = rebind_problem(s.key_bindings, self.action, key)
        if problem:
            toast(self.app, problem, "warning")
            self.app.sound.play("error")
        else:
            name = next(n for n, k in BINDABLE_KEYS.items() if k == key)
            std = next(n for n, k in BINDABLE_KEYS.items() if k == ACTIONS[self.action][1])
            s.key_bindings = with_binding(s.key_bindings, self.action, name, std)
            self.bindings_saved()
        self.stop_listening()

    def bind_button(self, button: str) -> None:
        s = self.app.settings
        problem = rebutton_problem(s.button_bindings, self.action, button)
        if problem:
            toast(self.app, problem, "warning")
            self.app.sound.play("error")
        else:
            s.button_bindings = with_binding(
                s.button_bindings, self.action, button, ACTIONS[self.action][2]
            )
            self.bindings_saved()
        self.stop_listening()

    def reset_bindings(self) -> None:
        self.app.settings.key_bindings = {}
        self.app.settings.button_bindings = {}
        self.bindings_saved()
        toast(self.app, _("Keys and buttons are back to the defaults"))
        self.rebuild_later = self.focus_index

    def bindings_saved(self) -> None:
        self.app.input.bindings_changed()
        self.save()

    # -- input ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.listening == "key" and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.stop_listening()  # Escape cancels: the key stays as it was
            else:
                self.bind_key(event.key)
            return
        if self.listening == "button" and event.type == getattr(pygame, "CONTROLLERBUTTONDOWN", -1):
            name = CONTROLLER_BUTTONS.get(event.button)
            if name is not None:
                self.bind_button(name)
            return
        if self.listening and event.type == pygame.KEYDOWN:
            # Waiting for a button: a key press cancels (a keyboard player is not stuck).
            self.stop_listening()
            return
        if self.listening and event.type == pygame.MOUSEBUTTONDOWN:
            self.stop_listening()
        super().handle(event)

    def on_back(self) -> None:
        if self.listening:
            self.stop_listening()
            return
        super().on_back()

    def exit(self) -> None:
        super().exit()
        self.app.input.raw = False

    def update(self) -> None:
        super().update()
        if self.rebuild_later is not None:
            focus, self.rebuild_later = self.rebuild_later, None
            self.build_page(focus=focus)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        self.title(surface, _("Settings"), 40)
        x, w, h, _gap = self.metrics()
        box = pygame.Rect(x + 200 + 30, self.bottom, 4 * 50 + 10, h)
        if self.page in ("General", "Accessibility"):
            # A live sample of the colour-blind glyphs so the choice is visible.
            draw_panel(surface, box, theme)
            glyphs = (
                ("triangle", "circle", "square", "star")
                if self.app.settings.colour_blind
                else (None,) * 4
            )
            for i, (c, g) in enumerate(
                zip(
                    ("crystal_red", "crystal_blue", "crystal_green", "crystal_yellow"),
                    glyphs,
                    strict=True,
                )
            ):
                draw_gem(surface, (box.x + 30 + i * 50, box.centery), 20, theme[c], glyph=g)
        if self.page == "General" and not self.app.kiosk:
            return  # the Player profiles button has the note's place on this page
        font = theme.font(18, "regular")
        note = pygame.Rect(box.right + 20, self.bottom, x + w - box.right - 20, h)
        lines = wrap_text(_("Saved automatically"), font, note.w)
        top = note.centery - len(lines) * font.get_linesize() // 2
        for i, line in enumerate(lines):
            draw_text(
                surface,
                line,
                font,
                theme["text_dim"],
                (note.x, max(note.y, top) + i * font.get_linesize()),
                box=note,
            )
        if self.page == "Controls":
            self.draw_bindings(surface)

    def draw_bindings(self, surface: pygame.Surface) -> None:
        """Every action's key and button, in two columns under the controls."""
        theme = self.app.theme
        x, w, _h, _gap = self.metrics()
        font = theme.font(16, "regular")
        keys = action_keys(self.app.settings.key_bindings)
        buttons = action_buttons(self.app.settings.button_bindings)
        # a row holds a line's marks above and below (a cedilla, an ogonek) too
        line = font.get_linesize() + 2
        area = pygame.Rect(x, self.rows_end + 4, w, self.bottom - self.rows_end - 12)
        per_col = max(1, area.h // line)
        # One column when every action fits in it: the whole width for long names.
        col_w = w if len(ACTIONS) <= per_col else w // 2
        for i, action in enumerate(ACTIONS):
            col, row = divmod(i, per_col)
            if col > 1:
                break
            cell = pygame.Rect(area.x + col * col_w, area.y + row * line, col_w - 10, line)
            text = _("{action}: {key} / {button}").format(
                action=_(ACTIONS[action][0]),
                key=key_label(keys[action]),
                button=_(BUTTON_NAMES[buttons[action]]),
            )
            colour = theme["accent"] if action == self.action else theme["text_dim"]
            draw_text(surface, text, font, colour, cell.topleft, max_width=cell.w, box=cell)
