#!/usr/bin/env python3
"""Crystal Arcade's translation catalogues: extract, update, compile, check, stats.

    python3 tools/i18n.py extract    # the texts in the code and seeds -> game/locale/crystal_arcade.pot
    python3 tools/i18n.py update     # merge the .pot into each language's .po (and fold parts in)
    python3 tools/i18n.py compile    # build the .mo files the game loads
    python3 tools/i18n.py check      # every message translated, placeholders and plurals right
    python3 tools/i18n.py stats      # messages and translated share per language

Where texts are looked for is ``babel.cfg`` at the top of the checkout (Python's
``_()``, ``ngettext()``, ``pgettext()``, ``N_()``; the phone page's ``t()`` and
``tn()``; the tutorials' and puzzles' texts through :func:`extract_seed_json`).

A language's catalogue is ``game/locale/<lang>/LC_MESSAGES/crystal_arcade.po`` plus
any ``game/locale/<lang>/parts/*.po`` (plain .po files that parallel branches write
so they never edit one file at once).  ``compile`` and ``check`` read the main file
first, then the parts in name order: a translation in the main file wins, a part fills
in what the main file lacks.  ``update`` folds the parts into the main file and
deletes them.

``compile --if-stale`` only builds a language whose .mo is missing or older than one
of its .po files, and prints nothing when there is nothing to do (tools/play.py and
tools/test.py run it on every start).
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import os
import re
import sys
from pathlib import Path

if __name__ == "i18n":
    # Imported as "i18n" because a tool or test put tools/ first on sys.path: that
    # name belongs to pygame-gui's translation package (python-i18n), which it imports
    # as "i18n".  The importer gets the real package instead of this file.
    _here = os.path.dirname(os.path.abspath(__file__))
    _kept = list(sys.path)
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _here]
    del sys.modules["i18n"]
    try:
        sys.modules["i18n"] = importlib.import_module("i18n")
    finally:
        sys.path[:] = _kept

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
DOMAIN = "crystal_arcade"
POT = LOCALE / f"{DOMAIN}.pot"
MAPPING = ROOT / "babel.cfg"
# Folders whose files the mapping's patterns are matched against (never .venv).
SOURCE_DIRS = ("game", "scenes", "party", "seeds", "tools")

PYTHON_KEYWORDS = {
    "_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "N_": None,
}
JS_KEYWORDS = {"t": None, "tn": (1, 2)}

# The keys of the seeds' JSON whose values a player reads (the rest is notation:
# moves, cells, game ids).
SEED_TEXT_KEYS = {
    "tutorial": ("title", "handover", "caption", "done", "other", "hint"),
    "puzzles": ("text", "hint"),
}


def _sys_path() -> None:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def _reexec() -> None:
    """Run under the checkout's .venv when this Python has no Babel."""
    try:
        import babel  # noqa: F401
    except ImportError:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from _bootstrap import reexec_in_venv

        reexec_in_venv(("babel",))


# -- extraction -----------------------------------------------------------------------
def extract_seed_json(fileobj, keywords, comment_tags, options):
    """Babel extractor for ``seeds/tutorial-*.json`` and ``seeds/puzzles-*.json``:
    every text a player reads there, with a comment saying where it is shown."""
    raw = fileobj.read()
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    try:
        data = json.loads(text)
    except ValueError:
        return
    name = os.path.basename(getattr(fileobj, "name", "") or "")
    kind = "puzzles" if name.startswith("puzzles") else "tutorial"
    keys = SEED_TEXT_KEYS[kind]
    game = data.get("game", "") if isinstance(data, dict) else ""
    lines = text.splitlines()

    def line_of(value: str) -> int:
        needle = json.dumps(value, ensure_ascii=False)
        for i, line in enumerate(lines, 1):
            if needle in line:
                return i
        return 1

    def walk(node, where: str):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in keys and isinstance(value, str) and value.strip():
                    yield line_of(value), None, value, [f"{kind} {game}: {where}{key}"]
                else:
                    yield from walk(value, where)
        elif isinstance(node, list):
            for i, value in enumerate(node, 1):
                # A tutorial's steps are numbered for the translator; the puzzles share
                # a handful of texts, whose comment would otherwise list every puzzle.
                yield from walk(value, f"{where}step {i}, " if kind == "tutorial" else where)

    yield from walk(data, "")


def _mapping():
    from babel.messages.frontend import parse_mapping_cfg

    with open(MAPPING, encoding="utf-8") as fh:
        return parse_mapping_cfg(fh, filename=str(MAPPING))


def extract_catalog():
    """Every translatable text in the checkout, as a Babel Catalog (the template)."""
    _sys_path()
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file
    from babel.util import pathmatch

    method_map, options_map = _mapping()
    files: list[str] = []
    for top in SOURCE_DIRS:
        for dirpath, dirnames, filenames in os.walk(ROOT / top):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "__")))
            for f in sorted(filenames):
                files.append(os.path.relpath(os.path.join(dirpath, f), ROOT).replace(os.sep, "/"))
    catalog = Catalog(
        project="Crystal Arcade",
        version="0.1.0",
        charset="utf-8",
        msgid_bugs_address="",
        copyright_holder="Crystal Arcade",
        fuzzy=False,
    )
    for path in files:
        for pattern, method in method_map:
            if not pathmatch(pattern, path):
                continue
            keywords = JS_KEYWORDS if method == "javascript" else PYTHON_KEYWORDS
            options = options_map.get(pattern, {})
            for lineno, message, comments, context in extract_from_file(
                method, str(ROOT / path), keywords=keywords, options=options
            ):
                catalog.add(
                    message,
                    None,
                    [(path, lineno)],
                    auto_comments=comments,
                    context=context,
                    flags=_flags(message),
                )
            break
    return catalog


def _flags(message) -> tuple[str, ...]:
    first = message[0] if isinstance(message, (tuple, list)) else message
    if re.search(r"\{[a-z_][a-z_0-9]*\}", first or ""):
        return ("python-brace-format",)
    return ()


def write_pot(catalog) -> None:
    from babel.messages.pofile import write_po

    POT.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, omit_header=False, sort_output=False, include_lineno=True)
    tmp = POT.with_suffix(".pot.tmp")
    tmp.write_bytes(buf.getvalue())
    os.replace(tmp, POT)


# -- catalogues -------------------------------------------------------------------------
def languages() -> list[str]:
    """Every language with a catalogue (a main .po or parts)."""
    out = []
    if LOCALE.is_dir():
        for child in sorted(LOCALE.iterdir()):
            if (child / "LC_MESSAGES" / f"{DOMAIN}.po").is_file() or any(
                (child / "parts").glob("*.po")
            ):
                out.append(child.name)
    return out


def main_po(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def part_files(lang: str) -> list[Path]:
    return sorted((LOCALE / lang / "parts").glob("*.po"))


def read(path: Path, lang: str):
    from babel.messages.pofile import read_po

    with open(path, "rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


def merged(lang: str):
    """The language's catalogue as the game uses it: the main file, then each part
    filling in what is still untranslated; and the notes on clashes."""
    from babel.messages.catalog import Catalog

    notes: list[str] = []
    path = main_po(lang)
    catalog = read(path, lang) if path.is_file() else Catalog(locale=lang, domain=DOMAIN)
    for part in part_files(lang):
        for message in read(part, lang):
            if not message.id:
                continue
            have = catalog.get(message.id, message.context)
            if have is not None and _translated(have):
                if _translated(message) and have.string != message.string:
                    notes.append(
                        f"{lang}: {part.name} translates {_show(message.id)} differently; "
                        "the main catalogue's wins"
                    )
                continue
            if have is not None:
                catalog.delete(message.id, message.context)
            catalog[message.id] = message
    return catalog, notes


def _translated(message) -> bool:
    if message.fuzzy:
        return False
    if isinstance(message.string, (tuple, list)):
        return all(message.string)
    return bool(message.string)


def _rel(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def _show(msgid) -> str:
    text = msgid[0] if isinstance(msgid, (tuple, list)) else msgid
    return repr(text if len(text) <= 60 else text[:57] + "...")


# -- the commands ---------------------------------------------------------------------------
def cmd_extract(args) -> int:
    catalog = extract_catalog()
    write_pot(catalog)
    print(f"{len(catalog)} messages -> {_rel(POT)}")
    return 0


def cmd_update(args) -> int:
    from babel.messages.pofile import read_po, write_po

    if not POT.is_file() or args.extract:
        cmd_extract(args)
    with open(POT, "rb") as fh:
        template = read_po(fh)
    for lang in args.languages or languages():
        catalog, notes = merged(lang)
        for note in notes:
            print(note)
        catalog.update(template, update_header_comment=False)
        # Babel keeps removed messages as obsolete entries: left out, the file
        # holds only what the game can show.
        catalog.obsolete.clear()
        path = main_po(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        buf = io.BytesIO()
        write_po(buf, catalog, width=100, include_previous=False, sort_output=False)
        tmp = path.with_suffix(".po.tmp")
        tmp.write_bytes(buf.getvalue())
        os.replace(tmp, path)
        parts = part_files(lang)
        if not args.keep_parts:
            for part in parts:
                part.unlink()
        folded = f", {len(parts)} parts folded in" if parts and not args.keep_parts else ""
        print(f"{lang}: {len(catalog)} messages{folded} -> {_rel(path)}")
    return 0


def stale(lang: str) -> bool:
    mo = main_po(lang).with_suffix(".mo")
    if not mo.is_file():
        return True
    built = mo.stat().st_mtime
    sources = [main_po(lang), *part_files(lang)]
    return any(p.is_file() and p.stat().st_mtime > built for p in sources)


def compile_language(lang: str, locale_dir: Path | None = None) -> int:
    """Build the language's .mo (atomically); returns the messages written.
    ``locale_dir`` (tests): write ``<locale_dir>/<lang>/LC_MESSAGES/`` instead of
    game/locale, from the same sources."""
    from babel.messages.mofile import write_mo

    catalog, _notes = merged(lang)
    mo = main_po(lang).with_suffix(".mo")
    if locale_dir is not None:
        mo = Path(locale_dir) / lang / "LC_MESSAGES" / mo.name
    mo.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    tmp = mo.with_suffix(".mo.tmp")
    tmp.write_bytes(buf.getvalue())
    os.replace(tmp, mo)
    return sum(1 for m in catalog if m.id and _translated(m))


def cmd_compile(args) -> int:
    for lang in args.languages or languages():
        if args.if_stale and not stale(lang):
            continue
        n = compile_language(lang)
        if not args.quiet:
            print(f"{lang}: {n} messages -> {_rel(main_po(lang).with_suffix('.mo'))}")
    return 0


_BRACE = re.compile(r"\{([^{}]*)\}")
_PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdifrxXeEgGc%]")


def placeholders(text: str) -> tuple[list[str], list[str]]:
    """``{name}`` fields (as a sorted list; ``{{``/``}}`` are literal braces) and
    ``%`` forms (sorted) in ``text``."""
    plain = text.replace("{{", "").replace("}}", "")
    braces = sorted(_BRACE.findall(plain))
    percents = sorted(p for p in _PERCENT.findall(text) if p != "%%")
    return braces, percents


def problems(lang: str, template) -> tuple[list[str], dict]:
    """What is wrong with ``lang``'s catalogue against ``template``, and figures."""
    catalog, notes = merged(lang)
    out: list[str] = []
    nplurals = catalog.num_plurals
    translated = 0
    total = 0
    for message in template:
        if not message.id:
            continue
        total += 1
        have = catalog.get(message.id, message.context)
        where = ", ".join(f"{f}:{n}" for f, n in message.locations[:2])
        name = f"{lang}: {_show(message.id)} ({where})"
        plural = isinstance(message.id, (tuple, list))
        strings = have.string if have is not None else ""
        started = any(strings) if isinstance(strings, (tuple, list)) else bool(strings)
        if have is None or have.fuzzy or not started:
            out.append(f"{name}: not translated")
            continue
        if plural:
            forms = have.string if isinstance(have.string, (tuple, list)) else (have.string,)
            if len(forms) != nplurals or not all(forms):
                out.append(f"{name}: needs {nplurals} plural forms, has {sum(map(bool, forms))}")
                continue
            sources = list(message.id)
        else:
            if isinstance(have.string, (tuple, list)):
                out.append(f"{name}: a plural translation of a singular message")
                continue
            forms, sources = (have.string,), [message.id]
        want = placeholders(sources[-1])
        bad = False
        for form in forms:
            got = placeholders(form)
            # A singular form may leave out the count ("one game" for "{n} games").
            allowed = [want] + [placeholders(s) for s in sources]
            if got not in allowed and not (plural and set(got[0]) <= set(want[0])):
                out.append(
                    f"{name}: placeholders {got[0] + got[1]} do not match {want[0] + want[1]}"
                )
                bad = True
                break
        if not bad:
            translated += 1
    return out, {"messages": total, "translated": translated, "notes": notes}


def _template():
    from babel.messages.pofile import read_po

    if POT.is_file():
        with open(POT, "rb") as fh:
            return read_po(fh)
    return extract_catalog()


def cmd_check(args) -> int:
    template = extract_catalog() if not args.use_pot else _template()
    failed = False
    langs = args.languages or languages()
    for lang in langs:
        found, figures = problems(lang, template)
        for note in figures["notes"]:
            print(f"note: {note}")
        for line in found:
            print(line)
        print(f"{lang}: {figures['translated']} of {figures['messages']} messages translated")
        failed = failed or bool(found)
    if not langs:
        print("no languages to check")
    return 1 if failed else 0


def cmd_stats(args) -> int:
    template = extract_catalog() if not args.use_pot else _template()
    total = sum(1 for m in template if m.id)
    print(f"{total} messages in the code and seeds")
    print(f"{'language':<10}{'translated':>12}{'share':>8}{'parts':>7}")
    for lang in args.languages or languages():
        _found, figures = problems(lang, template)
        share = figures["translated"] / total if total else 1.0
        print(
            f"{lang:<10}{figures['translated']:>12}{share:>8.1%}{len(part_files(lang)):>7}",
        )
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="tools/i18n.py",
        description="Extract, update, compile and check Crystal Arcade's translations "
        "(see docs/translating.md).",
    )
    sub = p.add_subparsers(dest="command", required=True)
    e = sub.add_parser("extract", help="write game/locale/crystal_arcade.pot from the code")
    e.set_defaults(run=cmd_extract)
    u = sub.add_parser("update", help="merge the .pot into each .po and fold the parts in")
    u.add_argument("--extract", action="store_true", help="extract first (always when no .pot)")
    u.add_argument("--keep-parts", action="store_true", help="fold parts in but keep the files")
    u.set_defaults(run=cmd_update)
    c = sub.add_parser("compile", help="build the .mo files (main .po, then parts)")
    c.add_argument("--if-stale", action="store_true", help="only where a .po is newer")
    c.add_argument("--quiet", action="store_true", help="print nothing")
    c.set_defaults(run=cmd_compile)
    k = sub.add_parser("check", help="every message translated, placeholders and plurals right")
    k.add_argument(
        "--use-pot", action="store_true", help="check against the .pot instead of the code"
    )
    k.set_defaults(run=cmd_check)
    s = sub.add_parser("stats", help="messages and translated share per language")
    s.add_argument("--use-pot", action="store_true", help="count the .pot instead of the code")
    s.set_defaults(run=cmd_stats)
    for q in (u, c, k, s):
        q.add_argument("languages", nargs="*", help="language codes (default: every one)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    _reexec()
    _sys_path()
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
