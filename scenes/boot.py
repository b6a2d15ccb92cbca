"""Where Crystal Arcade is put together: the App, its first screen, its kiosk policy,
and the command line (``python -m scenes.boot``, the ``crystal-arcade`` script).

``scenes/app.py`` is the loop and the scene stack and knows no screen; this module is
the one place that names the title as home and hands an event booth its policy, so
the screens may import the app's pieces and never the other way round.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame's first import

import pygame

from game.registry import EXAMPLE_ID, GAMES
from game.storage.saves import remove_stray_tmp, user_paths
from game.text import i18n
from game.text.i18n import _
from scenes.app import App, install_stop_handlers
from scenes.kiosk import KioskPolicy
from scenes.select import start_quick_game
from scenes.theatre.library import open_file


def home(app: App):
    """The first screen, and the one an error or a finished demo goes back to."""
    return app.build("title")


def make_app(*, kiosk: bool = False, paths=None, **kwargs) -> App:
    """An App with the title as home and, at an event (``kiosk``), the kiosk policy
    read from kiosk.json (a damaged file is reported on screen and set aside)."""

    paths = paths or user_paths()
    # What an interrupted atomic write left (a killed process mid-save): only the
    # writer's own temporary names, older than a minute (another running instance's
    # write in progress is younger).  The files they were for are intact.
    remove_stray_tmp(paths)
    policy, problem = KioskPolicy.load(paths) if kiosk else (None, None)
    app = App(kiosk=kiosk, paths=paths, home=home, policy=policy, **kwargs)
    if problem:
        app.notices.append(problem)
    return app


# -- command line ----------------------------------------------------------------
class _HelpFormatter(argparse.HelpFormatter):
    """argparse's own words ("usage:") in the language the help is printed in."""

    def add_usage(self, usage, actions, groups, prefix=None):
        return super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="crystal-arcade",
        formatter_class=_HelpFormatter,
        description=_("Crystal Arcade: five abstract strategy games with bots."),
        epilog=_(
            "Game ids: {games}.  A full id such as "
            "'{example}' reproduces a start exactly.  Party play "
            "(phones as controllers over the local network) starts from game select: set seats "
            "to Phone or turn Host party on; where it listens is in Settings.  SIGTERM or SIGINT "
            "ends any mode like Quit (autosave kept, settings saved except at a kiosk), exit "
            "status 0."
        ).format(games=", ".join(GAMES), example=EXAMPLE_ID),
    )
    p._optionals.title = _("options")
    for action in p._actions:
        if "-h" in action.option_strings:
            action.help = _("show this help message and exit")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--fullscreen", action="store_true", help=_("start in fullscreen"))
    mode.add_argument("--windowed", action="store_true", help=_("start in a window"))
    p.add_argument(
        "--game",
        metavar="ID",
        help=_(
            "skip the menus: start this game (a game name or a full game id) against Medium bots"
        ),
    )
    p.add_argument("--seed", type=int, metavar="N", help=_("seed for --game (default: random)"))
    p.add_argument(
        "--replay", metavar="FILE", help=_("open the replay theatre on a replay file (.json)")
    )
    p.add_argument(
        "--quit-after-ticks", type=int, metavar="N", help=_("quit after N ticks (smoke runs)")
    )
    p.add_argument(
        "--speech",
        action="store_true",
        help=_("speak screens and moves through the screen reader (or espeak-ng)"),
    )
    p.add_argument(
        "--headless", action="store_true", help=_("no window or sound device (SDL dummy drivers)")
    )
    p.add_argument(
        "--kiosk",
        action="store_true",
        help=_(
            "event mode: fullscreen, no Quit, settings never saved, attract demo; the "
            "operator leaves with Ctrl+Shift+Q and the PIN from kiosk.json (wrong PINs back off)"
        ),
    )
    return p


def main(argv: list[str] | None = None) -> int:
    import multiprocessing

    multiprocessing.freeze_support()  # harmless unless frozen; needed by the gui script too
    # The help and the messages below in the system's language (the settings, read
    # with the window, may choose another for the screens).
    i18n.set_language(i18n.system_language())
    parser = build_parser()
    args = parser.parse_args(argv)
    # SIGTERM / SIGINT end any mode like Quit (exit status 0); set before the window
    # opens so a signal during start-up is honoured as soon as the loop runs.
    install_stop_handlers()
    fullscreen = True if args.fullscreen else (False if args.windowed else None)
    try:
        app = make_app(headless=args.headless, fullscreen=fullscreen, kiosk=args.kiosk, args=args)
        app.recover_errors = True  # a real session never shows a traceback
    except pygame.error as exc:
        print(
            _("crystal-arcade: could not open a window: {reason}").format(reason=exc),
            file=sys.stderr,
        )
        print(
            _("Run with --headless (or SDL_VIDEODRIVER=dummy) where there is no display."),
            file=sys.stderr,
        )
        return 2
    if getattr(args, "replay", None):
        problem = open_file(app, args.replay)
        if problem:
            print(_("crystal-arcade: {problem}").format(problem=problem), file=sys.stderr)
            app.shutdown()
            return 2
    elif args.game:
        problem = start_quick_game(app, args.game, args.seed)
        if problem:
            print(_("crystal-arcade: {problem}").format(problem=problem), file=sys.stderr)
            app.shutdown()
            return 2
    try:
        app.run(quit_after_ticks=args.quit_after_ticks)
    except KeyboardInterrupt:
        app.shutdown()
    except Exception:
        traceback.print_exc()
        app.shutdown()
        return 1
    return 0


if __name__ == "__main__":
    import multiprocessing

    # A frozen (PyInstaller) app must not start a second window when the bot worker
    # process spawns: freeze_support hands that process straight to the worker.
    multiprocessing.freeze_support()
    sys.exit(main())
