"""The phone page in a real browser: headless Chromium joins a party on 127.0.0.1.

Needs Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them when it
can; ``apt-get install chromium chromium-driver`` by hand) and the ``selenium`` package
(the test extra).  Without them the test is skipped and says why.

The browser holds one seat; the other seats are simulated phones on real WebSockets,
run with the table's step on a background thread (the big screen's part).  Set
``PARTY_SHOTS=<folder>`` to save the phone pages as PNGs (the README's screenshots).
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import threading
import time
from pathlib import Path

import aiohttp
import pytest

from game.midend.match import Seat
from game.rules import element_shift as es
from tests.party_phones import Host, Phone, until
from tests.test_party import FAST, make_party

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
webdriver = pytest.importorskip(
    "selenium.webdriver", reason="selenium is not installed (pip install '.[test]')"
)
if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
    pytest.skip(
        "no Chromium here: apt-get install chromium chromium-driver (Debian) to run the "
        "phone page in a real browser",
        allow_module_level=True,
    )

from selenium.common.exceptions import (  # noqa: E402
    StaleElementReferenceException,
    TimeoutException,
)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SHOTS = os.environ.get("PARTY_SHOTS")


def phone_browser(language: str | None = None):
    """Debian's chromium as a 360x780 touch phone, headless, that can reach nothing but
    127.0.0.1; ``language`` ("de") is what its browser asks pages for."""
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    flags = [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=360,780",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ]
    if language:
        flags.append(f"--lang={language}-{language.upper()}")
        opts.add_experimental_option(
            "prefs", {"intl.accept_languages": f"{language}-{language.upper()},{language}"}
        )
    for flag in flags:
        opts.add_argument(flag)
    opts.add_experimental_option(
        "mobileEmulation",
        {"deviceMetrics": {"width": 360, "height": 780, "pixelRatio": 2.0, "touch": True}},
    )
    service = webdriver.ChromeService(executable_path=CHROMEDRIVER)
    driver = webdriver.Chrome(options=opts, service=service)
    driver.set_page_load_timeout(20)
    return driver


@pytest.fixture
def browser():
    driver = phone_browser()
    yield driver
    driver.quit()


def element_shift_phones(party, rng: random.Random):
    """The eleven simulated phones of an Element Shift table whose seat 0 is the
    browser: they join, start the game once the browser is in, and submit a random
    start tile or plan each round (a job for :class:`Background`)."""

    async def others(session, stop):
        code = party.lobby.code
        phones = [await Phone(session, party.server.url).open() for _ in range(11)]
        for i, ph in enumerate(phones):
            await ph.join(code, f"Sim {i + 2}", i + 1)
        await until(lambda: party.lobby.connected(0), timeout=60, what="the browser to join")
        party.begin()
        submitted: dict[int, int] = {}
        while not stop.is_set():
            for ph in phones:
                s = ph.state
                if not s or s["over"] or submitted.get(ph.seat) == s["round"]:
                    continue
                if s["round"] == 0:
                    cell = rng.choice(
                        [c for c in range(es.CELLS) if s["board"][c] == s["elements"][ph.seat]]
                    )
                    text = f"start {es.cell_name(cell)}"
                else:
                    plist = es.PlanList(s["round"], s["positions"][ph.seat])
                    text = str(plist[rng.randrange(len(plist))])
                await ph.send(type="move", text=text)
                submitted[ph.seat] = s["round"]
            await asyncio.sleep(0.01)
        for ph in phones:
            await ph.close()

    return others


class Background:
    """The big screen's side on a thread: steps the table and runs simulated phones."""

    def __init__(self, party, phones_job):
        self.party, self.phones_job = party, phones_job
        self.error: BaseException | None = None
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join(30)
        if self.error and not exc[0]:
            raise self.error

    def _run(self):
        async def main():
            async with (
                aiohttp.ClientSession() as session,
                Host(self.party),
            ):  # (Party.step: the table once begun)
                await self.phones_job(session, self.stop)

        try:
            asyncio.run(asyncio.wait_for(main(), 240))
        except BaseException as exc:
            self.error = exc


def wait(driver, predicate, what: str, timeout: float = 20):
    try:
        return WebDriverWait(driver, timeout).until(lambda d: predicate(d), message=what)
    except TimeoutException:
        # what the phone showed, for the failure report
        seen = {
            i: driver.find_element(By.ID, i).text
            for i in ("status", "toast", "preview", "plan-text")
        }
        logs = driver.get_log("browser") if hasattr(driver, "get_log") else []
        raise AssertionError(
            f"timed out waiting for {what}; the page showed {seen}; console: {logs[-5:]}"
        ) from None


def click_first(driver, selector: str, what: str, usable=lambda el: True):
    """Click the first element matching ``selector`` that is ``usable``, finding it
    again if the page redraws it between the find and the click (a seat list redrawn
    as other phones join, step buttons redrawn by a state update); answers what it
    clicked's ``data-move``."""
    clicked = {}

    def attempt(d):
        try:
            el = next((e for e in d.find_elements(By.CSS_SELECTOR, selector) if usable(e)), None)
            if el is None:
                return False
            clicked["move"] = el.get_attribute("data-move")
            el.click()
            return True
        except StaleElementReferenceException:
            return False

    wait(driver, attempt, what)
    return clicked["move"]


def shot(driver, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(SHOTS) / name))


def join(driver, party, name: str) -> None:
    driver.get(party.url)  # the QR code's address: the room code comes filled in
    assert driver.find_element(By.ID, "room").get_attribute("value") == party.lobby.code
    driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.ID, "find").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#seat-list button"), "the seat list")
    shot(driver, "party-phone-join.png")
    click_first(driver, "#seat-list button", "a free seat")  # any free seat
    wait(driver, lambda d: d.find_element(By.ID, "play").is_displayed(), "the game page")
    # before the host starts, the page says what it is waiting for (then the game's status)
    wait(driver, lambda d: d.find_element(By.ID, "status").text.strip(), "a status line")


def test_a_browser_joins_element_shift_and_submits_a_plan(browser):
    party = make_party("element-shift", [Seat.phone()] * 12, seed=4, rate=FAST)
    rng = random.Random(3)
    try:
        others = element_shift_phones(party, rng)

        with Background(party, others):
            join(browser, party, "Ada")
            wait(
                browser,
                lambda d: (
                    party.table is not None and "Pick" in d.find_element(By.ID, "submit").text
                ),
                "the start pick",
            )
            # tap a tile of our own element on the phone's board
            view = party.table.view(0)
            tap_shift_cell(
                browser, next(c for c in range(es.CELLS) if view["board"][c] == view["elements"][0])
            )
            wait(browser, lambda d: "Start on" in d.find_element(By.ID, "submit").text, "the pick")
            browser.find_element(By.ID, "submit").click()
            wait(browser, lambda d: party.table.match.state.round == 1, "round 1", timeout=30)
            # round 1: switch, two steps, submit
            wait(
                browser, lambda d: d.find_element(By.ID, "switch").is_displayed(), "the plan editor"
            )
            browser.find_element(By.ID, "switch").click()
            steps = browser.find_elements(By.CSS_SELECTOR, "#steps button")
            assert len(steps) >= 5 and all(b.size["height"] >= 44 for b in steps)
            # steps that would leave the board are greyed out; take the first allowed one
            click_first(browser, "#steps button", "an allowed step", lambda b: b.is_enabled())
            click_first(browser, "#steps button:last-child", "Stay")  # stay
            wait(
                browser,
                lambda d: "If nobody else moved" in d.find_element(By.ID, "preview").text,
                "the preview",
            )
            shot(browser, "party-phone-element-shift.png")
            plan_text = browser.find_element(By.ID, "plan-text").text
            browser.find_element(By.ID, "submit").click()
            wait(
                browser,
                lambda d: party.table.match.state.round == 2 or party.table.match.is_over(),
                "the reveal of round 1",
                timeout=30,
            )
            match = party.table.match
            mine = [e.text for e in match.entries if e.seat == 0]
            assert mine[0].startswith("start ") and mine[1].startswith("switch; ")
            assert mine[1] in plan_text.replace("  ", " ") or plan_text.startswith(
                mine[1].split(";")[0]
            )
            wait(
                browser,
                lambda d: "Last round" in d.find_element(By.ID, "points").text,
                "the round's points on the phone",
            )
            shot(browser, "party-phone-element-shift-points.png")
    finally:
        party.stop()


def test_a_browser_makes_a_move_in_chromatic_collapse(browser):
    party = make_party("chromatic-collapse", [Seat.phone(), Seat.phone()], seed=5, rate=FAST)
    try:

        async def other(session, stop):
            ph = await Phone(session, party.server.url).open()
            await ph.join(party.lobby.code, "Sim", 1)
            await until(lambda: party.lobby.connected(0), timeout=60, what="the browser to join")
            party.begin()
            while not stop.is_set():
                s = ph.state
                if s and s["your_turn"] and not s["over"] and s["moves"]:
                    ply = s["ply"]
                    await ph.send(type="move", text=s["moves"][0])
                    await until(lambda ph=ph, ply=ply: ph.state["ply"] != ply)
                await asyncio.sleep(0.01)
            await ph.close()

        with Background(party, other):
            join(browser, party, "Ben")
            match = lambda: party.table.match  # noqa: E731
            wait(
                browser,
                lambda d: (
                    party.table is not None
                    and match().to_move() == 0
                    and d.find_elements(By.CSS_SELECTOR, "#moves button, #groups button")
                ),
                "our turn with its moves",
                timeout=30,
            )
            before = len(match().entries)
            groups = browser.find_elements(By.CSS_SELECTOR, "#groups button")
            if groups:
                click_first(browser, "#groups button", "a group of moves")
            wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#moves button"), "the moves")
            shot(browser, "party-phone-chromatic-collapse.png")
            text = click_first(browser, "#moves button", "a move")
            wait(browser, lambda d: len(match().entries) > before, "the move to land")
            assert match().entries[before].text == text and match().entries[before].seat == 0
    finally:
        party.stop()


def test_a_page_whose_socket_timed_out_still_joins_on_a_tap(browser):
    """Reading the seat list longer than the join window: the host closes that idle
    socket (4001), the page stays quiet, and tapping a seat opens a new one and joins."""
    from party.guard import Limits

    # (a window long enough for a loaded machine to show the seats before it closes:
    # at 0.5 s the socket could close first and the page had no seat to tap)
    party = make_party(
        "chromatic-collapse", [Seat.phone(), Seat.phone()], limits=Limits(join_seconds=2.0)
    )
    try:
        browser.get(party.url)
        browser.find_element(By.ID, "name").send_keys("Cy")
        browser.find_element(By.ID, "find").click()
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#seat-list button"), "seats")
        wait(browser, lambda d: party.server.timed_out >= 1, "the idle socket to be closed")
        time.sleep(1.0)  # twice the page's first reconnect delay: it must not have
        assert party.server.connections() == 0 and party.server.timed_out == 1
        click_first(browser, "#seat-list button", "a free seat")
        wait(browser, lambda d: d.find_element(By.ID, "play").is_displayed(), "the game page")
        assert party.lobby.connected(0) and party.lobby.name(0) == "Cy"
    finally:
        party.stop()


SIZES = ((360, 640), (390, 844), (844, 390))


def set_size(driver, w: int, h: int) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": w, "height": h, "deviceScaleFactor": 2, "mobile": True},
    )
    driver.execute_script("window.scrollTo(0, 0); window.dispatchEvent(new Event('resize'))")


def rect(driver, element_id: str) -> dict:
    return driver.execute_script(
        "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
        "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,"
        " w: r.width, h: r.height, vh: innerHeight, vw: innerWidth};",
        element_id,
    )


def overlaps(a: dict, b: dict) -> bool:
    return (
        a["w"] > 0
        and b["w"] > 0
        and a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


def in_view(r: dict) -> bool:
    return r["h"] > 0 and r["top"] >= 0 and r["bottom"] <= r["vh"] + 0.5 and r["right"] <= r["vw"]


def test_element_shift_actions_stay_in_reach_and_messages_cover_nothing(browser):
    """At 360x640, 390x844 and 844x390, without scrolling: Submit and the plan's step
    buttons are on screen (the bar at the bottom, a column in landscape); a message
    covers neither the header nor Keep/Switch nor Submit; the start pick names the
    player's element."""
    party = make_party("element-shift", [Seat.phone()] * 12, seed=4, rate=FAST)
    rng = random.Random(5)
    try:
        others = element_shift_phones(party, rng)

        with Background(party, others):
            join(browser, party, "Ada")
            wait(
                browser,
                lambda d: (
                    party.table is not None and "Pick" in d.find_element(By.ID, "submit").text
                ),
                "the start pick",
            )
            view = party.table.view(0)
            element = es.ELEMENT_NAMES[view["elements"][0]]
            assert f"tap a {element} tile" in browser.find_element(By.ID, "pick-hint").text
            for w, h in SIZES:
                set_size(browser, w, h)
                time.sleep(0.2)  # the page lays its bar out on the resize
                for wanted in ("submit", "pick-hint"):
                    assert in_view(rect(browser, wanted)), (w, h, wanted, rect(browser, wanted))
                shot(browser, f"party-phone-setup-{w}x{h}.png")
            set_size(browser, 360, 640)
            # a tile of another element: refused with a message in the bar
            tap_shift_cell(
                browser, next(c for c in range(es.CELLS) if view["board"][c] != view["elements"][0])
            )
            wait(browser, lambda d: d.find_element(By.ID, "toast").is_displayed(), "a message")
            note = rect(browser, "toast")
            for other in ("title", "submit"):
                assert not overlaps(note, rect(browser, other)), other
            tap_shift_cell(
                browser, next(c for c in range(es.CELLS) if view["board"][c] == view["elements"][0])
            )
            wait(browser, lambda d: "Start on" in d.find_element(By.ID, "submit").text, "the pick")
            browser.find_element(By.ID, "submit").click()
            wait(
                browser, lambda d: d.find_element(By.ID, "switch").is_displayed(), "the plan editor"
            )
            wait(browser, lambda d: d.find_element(By.ID, "toast").is_displayed(), "Sent")
            for w, h in SIZES:
                set_size(browser, w, h)
                time.sleep(0.2)
                for wanted in ("submit", "keep-switch", "steps"):
                    assert in_view(rect(browser, wanted)), (w, h, wanted, rect(browser, wanted))
                note = rect(browser, "toast")
                for other in ("title", "keep-switch", "submit", "steps"):
                    assert not overlaps(note, rect(browser, other)), (w, h, other)
                shot(browser, f"party-phone-plan-{w}x{h}.png")
    finally:
        party.stop()


def tap_shift_cell(driver, cell: int) -> None:
    """Tap cell ``cell`` (0..120) on the phone's Element Shift board (11 x 11)."""
    board = driver.find_element(By.ID, "board")
    w, h = board.size["width"], board.size["height"]
    webdriver.ActionChains(driver).move_to_element_with_offset(
        board, int((cell % 11 + 0.5) * w / 11 - w / 2), int((cell // 11 + 0.5) * h / 11 - h / 2)
    ).click().perform()


def tap_cell(driver, board_view: dict, name: str) -> None:
    """Tap cell ``name`` on the phone's turn-game board (drawn turned round if flipped)."""
    cell = next(c for c in board_view["cells"] if c["name"].lower() == name.lower())
    n = max(board_view["cols"], board_view["rows"])
    x, y = cell["x"], cell["y"]
    if board_view["flip"]:
        x, y = board_view["cols"] - 1 - x, board_view["rows"] - 1 - y
    canvas = driver.find_element(By.ID, "turn-board")
    w, h = canvas.size["width"], canvas.size["height"]
    webdriver.ActionChains(driver).move_to_element_with_offset(
        canvas, int((x + 0.5) * w / n - w / 2), int((y + 0.5) * h / n - h / 2)
    ).click().perform()


@pytest.mark.parametrize("seat_played", [0, 1])
def test_a_move_is_played_by_tapping_the_board_on_the_phone(browser, seat_played):
    """Chromatic Collapse on the phone's own board (turned round for Circle): tap the
    piece, tap where it goes, press Play; the move the big screen gets is that one."""
    party = make_party("chromatic-collapse", [Seat.phone(), Seat.phone()], seed=5, rate=FAST)
    try:

        async def other(session, stop):
            ph = await Phone(session, party.server.url).open()
            await ph.join(party.lobby.code, "Sim", 1 - seat_played)
            await until(lambda: party.lobby.connected(seat_played), timeout=60, what="the browser")
            party.begin()
            while not stop.is_set():
                s = ph.state
                if s and s["your_turn"] and not s["over"] and s["moves"]:
                    ply = s["ply"]
                    await ph.send(type="move", text=s["moves"][0])
                    await until(lambda ph=ph, ply=ply: ph.state["ply"] != ply)
                await asyncio.sleep(0.01)
            await ph.close()

        with Background(party, other):
            join(browser, party, "Dee")
            match = lambda: party.table.match  # noqa: E731

            def our_slide(d) -> bool:
                if party.table is None or match().to_move() != seat_played:
                    return False
                if match().state.phase not in ("first", "second"):
                    # choosing who starts: any listed choice, from the list
                    for sel in ("#groups button", "#moves button"):
                        found = d.find_elements(By.CSS_SELECTOR, sel)
                        if found:
                            try:
                                found[0].click()
                            except StaleElementReferenceException:
                                pass
                            break
                    return False
                return d.find_element(By.ID, "turn-board").is_displayed() and (
                    "lit" in d.find_element(By.ID, "board-hint").text
                )

            wait(browser, our_slide, "our turn on the board", timeout=40)
            view = party.table.view(seat_played)
            assert view["board"]["flip"] == (seat_played == 1)
            text = next(m for m in view["moves"] if "-" in m or "x" in m)
            a, b = text.replace("x", "-").split("-")
            before = len(match().entries)
            tap_cell(browser, view["board"], a)
            wait(browser, lambda d: "through" in d.find_element(By.ID, "board-hint").text, "a pick")
            tap_cell(browser, view["board"], b)
            if seat_played == 0:
                for w, h in SIZES:
                    set_size(browser, w, h)
                    time.sleep(0.2)
                    shot(browser, f"party-phone-board-{w}x{h}.png")
                set_size(browser, 360, 780)
            play = rect(browser, "pick-bar")
            assert in_view(play)  # the move to play is in the bar, in reach
            click_first(
                browser,
                "#pick-bar button",
                "the move",
                lambda e: e.get_attribute("data-move") == text,
            )
            wait(browser, lambda d: len(match().entries) > before, "the move to land")
            assert match().entries[before].text == text
            assert match().entries[before].seat == seat_played
    finally:
        party.stop()


@pytest.fixture
def german_browser(tmp_path, monkeypatch):
    """A phone whose browser asks for German, and a host with the shipped German."""
    from game.text import i18n
    from tests import locales

    monkeypatch.setattr(i18n, "LOCALE_DIR", locales.compiled(tmp_path / "locale"))
    driver = phone_browser("de")
    yield driver
    driver.quit()


def test_a_german_browser_gets_the_page_in_german(german_browser):
    driver = german_browser
    party = make_party("chromatic-collapse", [Seat.phone(), Seat.phone()], seed=5, rate=FAST)
    try:

        async def other(session, stop):
            ph = await Phone(session, party.server.url).open()
            await ph.join(party.lobby.code, "Sim", 1)
            await until(lambda: party.lobby.connected(0), timeout=60, what="the browser to join")
            party.begin()
            while not stop.is_set():
                await asyncio.sleep(0.02)
            await ph.close()

        with Background(party, other):
            driver.get(party.url)
            assert driver.find_element(By.ID, "find").text == "Platz suchen"
            assert driver.find_element(By.CSS_SELECTOR, "#join h1").text == "Mitspielen"
            assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de"
            driver.find_element(By.ID, "name").send_keys("Ben")
            driver.find_element(By.ID, "find").click()
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#seat-list button"), "seats")
            assert "Wähle deinen Platz" in driver.find_element(By.ID, "seat-list").text
            # the seats' names too: the host words them in the phone's language
            assert "Raute" in driver.find_element(By.ID, "seat-list").text
            shot(driver, "party-phone-join-de.png")
            click_first(driver, "#seat-list button", "a free seat")
            # The game's status line, the moves' heading and the pad in German.
            wait(
                driver,
                lambda d: (
                    party.table is not None
                    and d.find_element(By.ID, "status").text in ("Du bist am Zug", "Sim ist am Zug")
                ),
                "the status line in German",
                timeout=30,
            )
            assert driver.find_element(By.ID, "moves-heading").text == "Züge"
            assert driver.find_element(By.CSS_SELECTOR, "[data-key=back]").text == "Zurück"
            shot(driver, "party-phone-de.png")
    finally:
        party.stop()


def hex_tap_offset(driver, board: dict, name: str) -> tuple[int, int]:
    """Where cell ``name`` of a hexagon board (format 2) is drawn, from the canvas's centre:
    the cells' centres fitted to the square canvas, as docs/party.md describes."""
    xs = [c["cx"] for c in board["cells"]]
    ys = [c["cy"] for c in board["cells"]]
    span_x, span_y = max(xs) - min(xs) + 1, max(ys) - min(ys) + 2 / 3**0.5
    canvas = driver.find_element(By.ID, "turn-board")
    size = canvas.size["width"]
    unit = size / max(span_x, span_y)
    cell = next(c for c in board["cells"] if c["name"].lower() == name.lower())
    x = (size - span_x * unit) / 2 + (cell["cx"] - min(xs) + 0.5) * unit
    y = (size - span_y * unit) / 2 + (cell["cy"] - min(ys) + 1 / 3**0.5) * unit
    return int(x - size / 2), int(y - canvas.size["height"] / 2)


def no_scroll(driver) -> dict:
    return driver.execute_script(
        "const e = document.scrollingElement;"
        "return {h: e.scrollHeight, w: e.scrollWidth, vh: innerHeight, vw: innerWidth};"
    )


HOSTILE_BOARDS = [
    None,
    {},
    {"format": 3, "cols": 8, "rows": 8, "cells": []},
    {"format": 2, "cols": 11, "rows": 11, "cells": [{"name": "a1", "x": 0, "y": 0}]},
    {"format": 1, "cols": 1e308, "rows": 8, "cells": [{"name": "a1", "x": 0, "y": 0}]},
    {"format": 1, "cols": 8, "rows": 8, "cells": [{"name": 5, "x": 0, "y": 0}]},
    {"format": 1, "cols": 8, "rows": 8, "cells": [None]},
    {"format": 1, "cols": 8, "rows": 8, "cells": "a1"},
    {
        "format": 2,
        "cols": 2,
        "rows": 2,
        "cells": [{"name": "a1", "x": 0, "y": 0, "cx": 0, "cy": 0}] * 5000,
    },
]


def test_the_hexagon_is_played_by_tapping_it_on_the_phone(browser):
    """Crystal Formation for five: the phone draws the hexagon, lights the cells the legal
    moves name, and a tap on one lists its move, played from the bar.  At 844x390 the
    board and the bar fit with no scrolling.  Board data the page cannot draw hides the
    board and leaves the move list working, with no error on the page."""
    party = make_party("crystal-formation", [Seat.phone()] * 5, seed=6, rate=FAST)
    try:

        async def others(session, stop):
            phones = [await Phone(session, party.server.url).open() for _ in range(4)]
            for i, ph in enumerate(phones):
                await ph.join(party.lobby.code, f"Sim {i + 2}", i + 1)
            await until(lambda: party.lobby.connected(0), timeout=60, what="the browser to join")
            party.begin()
            while not stop.is_set():
                for ph in phones:
                    s = ph.state
                    if s and s["your_turn"] and not s["over"] and s["moves"]:
                        ply = s["ply"]
                        await ph.send(type="move", text=s["moves"][0])
                        await until(lambda ph=ph, ply=ply: ph.state["ply"] != ply)
                await asyncio.sleep(0.01)
            for ph in phones:
                await ph.close()

        with Background(party, others):
            join(browser, party, "Hex")
            match = lambda: party.table.match  # noqa: E731
            wait(
                browser,
                lambda d: (
                    party.table is not None
                    and match().to_move() == 0
                    and d.find_element(By.ID, "turn-board").is_displayed()
                    and "lit" in d.find_element(By.ID, "board-hint").text
                ),
                "our turn on the hexagon",
                timeout=40,
            )
            view = party.table.view(0)
            assert view["board"]["shape"] == "hex" and view["board"]["format"] == 2
            text = next(m for m in view["moves"] if m.startswith("place "))
            cell = text.split()[1]
            before = len(match().entries)
            x, y = hex_tap_offset(browser, view["board"], cell)
            canvas = browser.find_element(By.ID, "turn-board")
            webdriver.ActionChains(browser).move_to_element_with_offset(
                canvas, x, y
            ).click().perform()
            wait(browser, lambda d: "through" in d.find_element(By.ID, "board-hint").text, "a pick")
            assert cell.upper() in browser.find_element(By.ID, "board-hint").text
            for w, h in SIZES:
                set_size(browser, w, h)
                time.sleep(0.3)
                assert in_view(rect(browser, "pick-bar")), (w, h, rect(browser, "pick-bar"))
                board = rect(browser, "turn-board")
                assert board["h"] > 0 and board["bottom"] <= board["vh"] + 0.5, (w, h, board)
                if (w, h) == (844, 390):
                    got = no_scroll(browser)
                    assert got["h"] <= got["vh"] and got["w"] <= got["vw"], got
                    assert board["h"] >= 0.9 * h  # the board takes the screen's height
                shot(browser, f"party-phone-hex-{w}x{h}.png")
            set_size(browser, 360, 780)
            click_first(
                browser,
                "#pick-bar button",
                "the move",
                lambda e: e.get_attribute("data-move") == text,
            )
            wait(browser, lambda d: len(match().entries) > before, "the move to land")
            assert match().entries[before].text == text and match().entries[before].seat == 0
            # Board data the page cannot draw: no board, no error, the moves still listed
            for bad in HOSTILE_BOARDS:
                # in one script, so no state from the host is drawn in between
                got = browser.execute_script(
                    "const errors = [];"
                    "const moves = arguments[1];"
                    "try { onState(Object.assign({}, view, {board: arguments[0], your_turn: true, moves})); }"
                    "catch (e) { errors.push(String(e)); }"
                    "return {errors, hidden: $('turn-board').classList.contains('hidden'),"
                    " moves: document.querySelectorAll('#moves button, #groups button').length};",
                    bad,
                    view["moves"],
                )
                assert got["errors"] == [] and got["hidden"] and got["moves"] > 0, (bad, got)
    finally:
        party.stop()


def test_the_phone_page_offers_to_keep_a_record_where_the_host_allows_it(browser):
    """The "Keep my record" box shows only when the host said profiles are on, and a
    ticked box joins with the typed name as the seat's profile."""
    for allowed in (False, True):
        party = make_party("chromatic-collapse", [Seat.phone(), Seat.bot("easy")])
        party.lobby.profiles_allowed = allowed
        try:
            browser.get(party.url)
            WebDriverWait(browser, 20).until(lambda d: d.find_element(By.ID, "name"))
            browser.find_element(By.ID, "name").send_keys("Ada")
            browser.find_element(By.ID, "find").click()
            WebDriverWait(browser, 20).until(
                lambda d: d.find_elements(By.XPATH, "//button[text()='Any free seat']")
            )
            row = browser.find_element(By.ID, "record-row")
            assert row.is_displayed() == allowed
            if allowed and not browser.find_element(By.ID, "record").is_selected():
                browser.find_element(By.ID, "record").click()
            browser.find_element(By.XPATH, "//button[text()='Any free seat']").click()
            deadline = time.monotonic() + 20
            while not party.lobby.free_seats() == [] and time.monotonic() < deadline:
                party.pump_lobby()
                time.sleep(0.02)
            assert party.lobby.profiles() == ({0: "Ada"} if allowed else {})
        finally:
            party.stop()


@pytest.mark.slow
def test_a_german_phone_plans_an_element_shift_round_with_a_german_host(german_browser):
    """Host and phone both in German: the phone's own words, and the host's (the round's
    rule, the refusals, the points' explanation) fit the 360-pixel page."""
    from game.text import i18n

    driver = german_browser
    i18n.set_language("de")
    party = make_party("element-shift", [Seat.phone()] * 12, seed=4, rate=FAST)
    rng = random.Random(3)
    try:
        others = element_shift_phones(party, rng)

        with Background(party, others):
            join(driver, party, "Ada")
            wait(
                driver,
                lambda d: (
                    party.table is not None
                    and d.find_element(By.ID, "submit").text == "Wähle ein Feld"
                ),
                "the start pick in German",
            )
            assert "als Startfeld" in driver.find_element(By.ID, "pick-hint").text
            view = party.table.view(0)
            tap_shift_cell(
                driver, next(c for c in range(es.CELLS) if view["board"][c] == view["elements"][0])
            )
            wait(driver, lambda d: "Start auf" in d.find_element(By.ID, "submit").text, "the pick")
            driver.find_element(By.ID, "submit").click()
            wait(driver, lambda d: party.table.match.state.round == 1, "round 1", timeout=30)
            wait(driver, lambda d: d.find_element(By.ID, "switch").is_displayed(), "the editor")
            # The round's name and rule come from the host, in the host's German.
            assert driver.find_element(By.ID, "variation").text.startswith(
                "Runde 1 · Grundspiel: Keine Variante. Erlaubt: 5 Aktionen"
            )
            driver.find_element(By.ID, "switch").click()
            click_first(driver, "#steps button", "an allowed step", lambda b: b.is_enabled())
            click_first(driver, "#steps button:last-child", "Stay")
            wait(
                driver,
                lambda d: "Wenn sonst niemand zöge" in d.find_element(By.ID, "preview").text,
                "the preview in German",
            )
            assert driver.find_element(By.ID, "submit").text == "Plan abgeben"
            shot(driver, "party-phone-element-shift-de.png")
            driver.find_element(By.ID, "submit").click()
            wait(
                driver,
                lambda d: "Letzte Runde" in d.find_element(By.ID, "points").text,
                "the round's points in German",
                timeout=30,
            )
            shot(driver, "party-phone-element-shift-points-de.png")
    finally:
        party.stop()
        i18n.set_language("en")


class _Pumped:
    """A race room stepped as the big screen would (Host calls ``step``)."""

    def __init__(self, room):
        self.room = room

    def step(self):
        return self.room.pump()


def test_a_browser_races_solves_misses_and_types_initials(browser, tmp_path):
    """One real phone in a puzzle race against a scripted one: it solves a puzzle by
    typing the move, misses the next one and is shown the answer (never before), and
    types its initials for the racer board at the end."""
    from game.content import puzzles as P
    from game.records import hall_of_fame as fame
    from game.registry import GAMES
    from party.race import RaceRoom, RaceSettings, racer_board

    now = [0.0]
    room = RaceRoom(
        GAMES["crystal-formation"],
        RaceSettings(seconds=90, miss_seconds=600),
        host="127.0.0.1",
        seed=8,
        clock=lambda: now[0],
        rate=FAST,
        fame_store=fame.HallOfFame(tmp_path / "fame.db", background=False),
    )
    room.start_server()
    try:

        async def other(session, stop):
            ph = await Phone(session, room.server.url).open()
            await ph.join(room.lobby.code, "Sim")
            await until(lambda: len(room.phones()) == 2, timeout=60, what="the browser to join")
            room.start()
            while not stop.is_set():
                await asyncio.sleep(0.02)
            await ph.close()

        with Background(_Pumped(room), other):
            join(browser, room, "Eva")
            wait(browser, lambda d: room.race is not None, "the race", timeout=40)
            seat = next(s for s in room.phones() if room.lobby.name(s) == "Eva")
            race = room.race
            first = race.order[0]
            wait(
                browser,
                lambda d: P.goal_text(first) in d.find_element(By.ID, "status").text,
                "the first puzzle's goal",
            )
            answer = ", ".join(first.solution[0])
            assert answer not in browser.find_element(By.TAG_NAME, "body").text

            def typed(text):
                box = browser.find_element(By.ID, "typed-text")
                box.clear()
                box.send_keys(text)
                browser.find_element(By.CSS_SELECTOR, "#typed button").click()

            typed(first.solution[0][0])
            wait(browser, lambda d: race.lanes[seat].score == 1, "the solve to count")
            second = race.order[1]
            firsts = {t[0] for t in second.solution}
            wrong = next(str(m) for m in race.position(1).legal_moves() if str(m) not in firsts)
            shown = ", ".join(second.solution[0])
            wait(browser, lambda d: "Puzzle 2" in d.find_element(By.ID, "status").text, "puzzle 2")
            assert shown not in browser.find_element(By.TAG_NAME, "body").text
            shot(browser, "race-phone-puzzle.png")
            typed(wrong)
            wait(
                browser,
                lambda d: shown in d.find_element(By.ID, "race").text,
                "the answer after the miss",
            )
            shot(browser, "race-phone-missed.png")
            assert race.lanes[seat].misses == 1
            now[0] = 95.0
            wait(browser, lambda d: d.find_elements(By.ID, "initials"), "the initials box")
            browser.find_element(By.ID, "initials").send_keys("eva")
            browser.find_element(By.CSS_SELECTOR, "#initials-form button").click()
            wait(browser, lambda d: "EVA" in d.find_element(By.ID, "race").text, "initials in")
            entries = room.fame.table(racer_board("crystal-formation"), None)
            assert [(e.initials, e.score) for e in entries] == [("EVA", 1)]
    finally:
        room.stop()
