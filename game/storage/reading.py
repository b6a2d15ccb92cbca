"""The one way in for every file Crystal Arcade reads (settings, kiosk, autosave,
replays, tutorials, learned.json, the analysis cache, ``--replay FILE``).

A file is trusted only after four checks, in this order::

    raw = read_bytes(path)        # a regular file, checked on the open handle; size cap
    data = parse_json(raw)        # nesting depth checked before parsing; finite numbers
    errors = schema_errors(data, SCHEMA)   # types, ranges and text lengths, per file kind

Every refusal is a :class:`FileProblem` whose message is one short sentence for a
player ("it is not valid JSON"), never Python's wording and never the bad content.
Nothing here moves or deletes a file: the callers decide (settings and the autosave
are set aside, a replay is left where it is).  No pygame here: game/ stays pure.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
import time
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from game.text.i18n import _

MAX_FILE_BYTES = 8 * 1024 * 1024  # a file larger than this is not one of ours
MAX_DEPTH = 32  # our files nest 5 deep at most; json's parser recurses, so cap it first
MAX_INT_DIGITS = 19  # every integer we write fits in 64 bits (2**63 has 19 digits)
MAX_TEXT = 200  # default cap on a text from a file (names, game ids, captions: see schemas)


class FileProblem(ValueError):
    """A file exists but cannot be used; the message is a short reason for a player
    (it starts "it ...", so callers can say "settings.json could not be used: it ...")."""


# -- reading the bytes ----------------------------------------------------------------


def read_bytes(path: Path | str, cap: int = MAX_FILE_BYTES) -> bytes | None:
    """The bytes of ``path``, or None when there is no such file.

    A name that is there but leads to no file (a link to nothing, a loop of links) is
    a FileProblem, not "no file": a caller that writes its defaults over a missing
    file (kiosk.json, with no PIN) must not take a link to an unmounted stick for a
    first start.  Opened non-blocking so a FIFO never waits for a writer; the open descriptor (not
    the name, which could be swapped) must be a regular file, and at most ``cap`` + 1
    bytes are read, so a symlink to /dev/zero or a growing file cannot fill memory."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        if os.path.islink(path):
            raise FileProblem(_("it is a link to nothing")) from None
        return None
    except IsADirectoryError:
        raise FileProblem(_("it is a folder, not a file")) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise FileProblem(_("it is a link that leads round in a circle")) from None
        raise FileProblem(_("it could not be read")) from None
    try:
        try:
            st = os.fstat(fd)
        except OSError:
            raise FileProblem(_("it could not be read")) from None
        if stat.S_ISDIR(st.st_mode):
            raise FileProblem(_("it is a folder, not a file"))
        if not stat.S_ISREG(st.st_mode):
            raise FileProblem(_("it is not a regular file"))
        if st.st_size > cap:
            raise FileProblem(_("it is too large"))
        chunks, total = [], 0
        while total <= cap:
            try:
                chunk = os.read(fd, min(1 << 20, cap + 1 - total))
            except BlockingIOError:  # cannot happen on a regular file; never wait
                break
            except OSError:
                raise FileProblem(_("it could not be read")) from None
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > cap:
            raise FileProblem(_("it is too large"))
        return b"".join(chunks)
    finally:
        os.close(fd)


# -- parsing ----------------------------------------------------------------------------

_STRING = re.compile(rb'"[^"]*"')
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
_SAME_BRACKETS = bytes.maketrans(b"{}", b"[]")
# An integer of more than MAX_INT_DIGITS digits outside strings (not the digits of a
# fraction or an exponent: a float is checked by _finite_float).  A regex rather than
# json's parse_int hook, which costs a Python call per number.
_LONG_INT = re.compile(rb"(?<![\d.eE+-])-?\d{%d,}" % (MAX_INT_DIGITS + 1))


def shape_problem(raw: bytes, max_depth: int = MAX_DEPTH) -> str | None:
    """Why ``raw`` cannot be parsed safely: outside strings its brackets nest deeper
    than ``max_depth`` or do not balance, or it holds a too long integer; None when
    it is fine.

    Only C-level bytes operations (no Python loop per byte), so an 8 MB file costs
    milliseconds: escaped backslashes and then escaped quotes go first (left to right,
    as a parser reads them), then strings, then everything but brackets; each pass
    then removes the innermost pairs, so what is left after ``max_depth`` passes
    nests deeper (or never closes)."""
    text = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    bare = _STRING.sub(b"", text)
    if _LONG_INT.search(bare):
        return _("it holds a number that is too large")
    brackets = bare.translate(_SAME_BRACKETS, _NOT_BRACKET)
    for _pass in range(max_depth):
        if not brackets:
            return None
        shorter = brackets.replace(b"[]", b"")
        if shorter == brackets:
            return _("it is not valid JSON")  # brackets that never close (or never opened)
        brackets = shorter
    return _("it is nested too deeply") if brackets else None


def _refuse_constant(name: str) -> Any:
    raise FileProblem(_("it holds a number that is not finite"))


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise FileProblem(_("it holds a number that is too large"))
    return value


def parse_json(raw: bytes | str, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value in ``raw``.  FileProblem when it is empty, not UTF-8, not JSON,
    nested deeper than ``max_depth``, or holds NaN, Infinity, a float that overflows
    or an integer of more than MAX_INT_DIGITS digits."""
    if isinstance(raw, str):
        try:
            raw = raw.encode("utf-8")
        except UnicodeError:
            raise FileProblem(_("it is not valid text")) from None
    if not raw.strip():
        raise FileProblem(_("it is empty"))
    problem = shape_problem(raw, max_depth)
    if problem:
        raise FileProblem(problem)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem(_("it is not valid JSON")) from None
    try:
        return json.loads(
            text,
            parse_constant=_refuse_constant,
            parse_float=_finite_float,
        )
    except FileProblem:
        raise
    except RecursionError:  # cannot happen below MAX_DEPTH; a last guard all the same
        raise FileProblem(_("it is nested too deeply")) from None
    except (ValueError, TypeError, OverflowError):
        raise FileProblem(_("it is not valid JSON")) from None


def load_json(path: Path | str, cap: int = MAX_FILE_BYTES) -> Any:
    """The JSON value in the file ``path`` (None when there is no such file);
    FileProblem with a short reason otherwise."""
    raw = read_bytes(path, cap)
    if raw is None:
        return None
    value = parse_json(raw)
    if value is None:  # a file holding only "null" is not one of ours, nor missing
        raise FileProblem(_("it holds nothing"))
    return value


# -- the schema -------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _validator(schema_key: str):
    import jsonschema

    schema = json.loads(schema_key)
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return cls(schema)


def schema_errors(data: Any, schema: Mapping) -> list[tuple[str, ...]]:
    """Where ``data`` breaks ``schema``: one path per problem (keys and list indices
    as text; ``()`` for the whole value).  The schema's own messages are not used:
    they quote the bad value, which a player should never be shown."""
    validator = _validator(json.dumps(schema, sort_keys=True))
    out = []
    for error in validator.iter_errors(data):
        out.append(tuple(str(p) for p in error.absolute_path))
    return out


def text(max_length: int = MAX_TEXT, min_length: int = 0) -> dict:
    return {"type": "string", "maxLength": max_length, "minLength": min_length}


def number(low: float, high: float, integer: bool = False) -> dict:
    return {"type": "integer" if integer else "number", "minimum": low, "maximum": high}


# -- what an interrupted write leaves behind ---------------------------------------------

# write_json_atomic's temporary files: "<target name>.<mkstemp's 8 characters>.tmp"
STRAY_TMP = re.compile(r"^.+\.json\.[A-Za-z0-9_]{8}\.tmp$")
STRAY_MIN_AGE = 60.0  # younger ones may be another running instance's write in progress


def remove_stray_tmp(
    folders: Iterable[Path], now: float | None = None, min_age: float = STRAY_MIN_AGE
) -> list[Path]:
    """Remove the temporary files an interrupted atomic write left in ``folders``:
    only regular files (never a link) named by the writer's own pattern and older
    than ``min_age`` seconds.  The target beside them was never touched by a half
    write (os.replace is atomic), so nothing of the player's is lost.  Returns what
    was removed; errors are ignored (a stray file costs only disk space)."""
    now = time.time() if now is None else now
    removed = []
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if not STRAY_TMP.match(entry.name):
                continue
            try:
                st = entry.stat(follow_symlinks=False)
                if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < min_age:
                    continue
                os.unlink(entry.path)
                removed.append(Path(entry.path))
            except OSError:
                continue
    return removed
