"""A profile's name without a keyboard: the on-screen letter keys (scenes/keypad.TextPad)
on Who's playing? and Rename on the profile screen, driven by a controller, a keyboard
and the mouse, with the names the store refuses."""

from __future__ import annotations

import pygame

from game.records import profiles as gp
from scenes.keypad import TextPad
from tests import drive
from tests.test_input_chromatic_collapse import pad_focus
from tests.test_profile_screens import saved

A, B, START = 0, 1, 6


def toasts(app) -> list[str]:
    return [t.text for t in app.__dict__.get("_toasts", [])]


def open_pad(app, value: str = "", limit: int = 16) -> tuple[TextPad, list]:
    got: list = []
    app.push(TextPad(app, "Name", value, got.append, limit=limit))
    app.run_ticks(2)
    return app.top, got


def type_keys(app, text: str) -> None:
    for ch in text:
        drive.key(app, pygame.K_SPACE if ch == " " else pygame.K_a, unicode=ch)
    app.run_ticks(1)


# -- the pad's own rules --------------------------------------------------------------------
def test_letters_come_in_capitals_at_each_word_start_and_shift_turns_that_around(app):
    pad, _got = open_pad(app)
    for ch in "ada":
        pad.type_key(ch.upper())
    pad.type_key(" ")
    pad.type_key("L")
    assert pad.value == "Ada L"
    pad.shift()
    pad.type_key("i")  # shifted mid-word: a capital, then back to small letters
    pad.type_key("n")
    assert pad.value == "Ada LIn"
    assert drive.control(pad, "q") and not any(c.element.text == "Q" for c in pad.controls)
    pad.clear()
    assert pad.value == "" and drive.control(pad, "Q")  # a new name starts with a capital
    pad.shift()
    pad.type_key("Q")
    assert pad.value == "q"


def test_the_limit_holds_and_spaces_never_lead_or_double(app):
    pad, _ = open_pad(app, limit=4)
    pad.type_key(" ")
    assert pad.value == ""
    for ch in "BOBBY":
        pad.type_key(ch)
    assert pad.value == "Bobb"  # the fifth letter is refused with the error sound
    pad.delete()
    pad.type_key(" ")
    pad.type_key(" ")
    assert pad.value == "Bob "


def test_a_keyboard_types_any_character_space_is_a_space_and_backspace_deletes(app):
    pad, got = open_pad(app, "Zoë")
    assert pad.value == "Zoë"
    type_keys(app, " é1")
    drive.key(app, pygame.K_BACKSPACE, ticks=1)
    assert pad.value == "Zoë é"
    drive.key(app, pygame.K_TAB, ticks=1)  # not a character: moves the focus as anywhere
    assert pad.value == "Zoë é"
    drive.key(app, pygame.K_ESCAPE, ticks=2)
    assert got == [] and app.top is not pad  # Escape: nothing handed back


def test_a_hostile_starting_value_is_cleaned_and_cut(app):
    pad, _ = open_pad(app, "A\x00B\u202e\nC" + "x" * 50, limit=16)
    # NUL and the bidi override dropped, the line break a plain space (game/text/clean.py)
    assert pad.value.startswith("AB C") and len(pad.value) == 16
    assert all(ch.isprintable() for ch in pad.value)


# -- Who's playing? by controller -----------------------------------------------------------
def test_a_controller_makes_a_profile_with_the_on_screen_keys(app, paths):
    saved(paths, "Bo")
    got: list = []
    app.open("who", "Player 1", got.append)
    app.run_ticks(2)
    who = app.top
    pad_focus(app, "Keys")
    drive.pad(app, A, ticks=2)
    assert app.top.name == "textpad"
    for letter in "Ada":  # the keys show the case they type: "A" first, then "d", "a"
        pad_focus(app, letter)
        drive.pad(app, A, ticks=1)
    assert app.top.value == "Ada"
    drive.pad(app, START, ticks=2)  # Start: the pad's main button, OK
    assert app.top is who and who.entry.get_text() == "Ada"
    assert drive.focused_text(app) == "Create and play"  # the next press makes it
    drive.pad(app, A, ticks=2)
    ps = gp.load(paths)[0]
    assert ps.find("Ada") is not None and got == [ps.find("Ada").id]


def test_b_on_the_keys_leaves_the_typed_name_as_it_was(app, paths):
    app.open("who", "Player 1")
    app.run_ticks(2)
    who = app.top
    who.entry.set_text("Cy")
    pad_focus(app, "Keys")
    drive.pad(app, A, ticks=2)
    assert app.top.value == "Cy"
    drive.pad(app, A, ticks=1)  # a letter
    drive.pad(app, B, ticks=2)
    assert app.top is who and who.entry.get_text() == "Cy"


# -- Rename on the profile screen -------------------------------------------------------------
def open_profiles(app, paths, *names):
    ps = saved(paths, *names)
    app.open("profiles", ps.find(names[0]).id)
    app.run_ticks(2)
    return app.top, ps


def test_rename_keeps_the_records_and_is_saved(app, paths):
    screen, ps = open_profiles(app, paths, "Ada", "Bo")
    ada = ps.find("Ada")
    ps = ps.with_profile(gp.replace(ada, games={"chromatic-collapse": gp.Record(played=3, won=2)}))
    assert gp.save(ps, paths) is None
    drive.click(app, drive.control(screen, "Rename").element.rect.center, ticks=2)
    pad = app.top
    assert pad.name == "textpad" and pad.value == "Ada"
    drive.key(app, pygame.K_BACKSPACE)
    drive.key(app, pygame.K_BACKSPACE)
    type_keys(app, "lice  M")
    assert pad.value == "Alice M"
    drive.click(app, drive.control(pad, "OK").element.rect.center, ticks=2)
    assert app.top is screen
    back = gp.load(paths)[0].get(ada.id)
    assert back.name == "Alice M" and back.games["chromatic-collapse"].won == 2
    assert drive.control(screen, "Player:").element.text.endswith("‹ Alice M ›")


def test_rename_to_another_profiles_name_or_to_nothing_is_refused_with_the_reason(app, paths):
    screen, _ps = open_profiles(app, paths, "Ada", "Bo")
    for bad, reason in (("  bo ", "already a profile"), ("", "Type a name")):
        screen.open_rename()
        app.run_ticks(2)
        app.top.clear()
        type_keys(app, bad)
        drive.pad(app, START, ticks=2)
        assert app.top is screen
        assert any(reason in t for t in toasts(app)), toasts(app)
        assert [p.name for p in gp.load(paths)[0].profiles] == ["Ada", "Bo"]
    screen.open_rename()  # a new case of its own name is fine
    app.run_ticks(2)
    app.top.clear()
    type_keys(app, "ADA")
    drive.pad(app, START, ticks=2)
    assert [p.name for p in gp.load(paths)[0].profiles] == ["ADA", "Bo"]


def test_rename_reads_the_file_again_and_a_damaged_one_is_reported_not_overwritten(app, paths):
    screen, _ps = open_profiles(app, paths, "Ada")
    screen.open_rename()
    app.run_ticks(2)
    path = gp.profiles_path(paths)
    path.write_text("{broken")
    drive.pad(app, START, ticks=2)
    assert any("could not be read" in t for t in toasts(app)), toasts(app)
    assert list(path.parent.glob("profiles.corrupt-*.json"))


def test_profiles_rename_rules():
    ps = gp.Profiles()
    ps, ada = ps.add("Ada", gp.COLOURS[0], "2026-11-20")
    ps, bo = ps.add("Bo", gp.COLOURS[1], "2026-11-20")
    assert ps.rename(ada.id, "  Ada   Lovelace ").get(ada.id).name == "Ada Lovelace"
    assert ps.rename(ada.id, "ada").get(ada.id).name == "ada"
    assert ps.rename(ada.id, "a\nb").get(ada.id).name == "a b"  # a line break is a space
    for bad in ("BO", "", "x" * 17, "a\u202eb", "a\x00b", 7):
        try:
            ps.rename(ada.id, bad)
        except gp.NameProblem:
            continue
        raise AssertionError(f"{bad!r} was taken")
    try:
        ps.rename("p99", "Cy")
    except gp.NameProblem as exc:
        assert "gone" in str(exc)
    else:
        raise AssertionError("a missing profile was renamed")
    assert ps.rename(bo.id, "Cy").get(ada.id) == ada  # the others untouched
