"""Hostile input at the profiles' ways in: profiles.json (any bytes, any JSON, a file
shaped like ours with any values) and a player's typed name (any text).

Asserted: only the documented outcomes (profiles, or no profiles with a message and
the file set aside byte for byte), a name is either refused with a reason or comes
back trimmed, printable and at most 16 characters, and whatever loads saves and loads
back the same."""

from __future__ import annotations

import json
import unicodedata

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.records import profiles as P
from game.storage.saves import user_paths
from tests.hostile_json import json_values

names = st.text(max_size=24) | st.sampled_from(["Ada", " Bo ", "Zoë", "\u202eevil", "a\x00b"])
numbers = st.integers(-(10**12), 10**12) | st.floats(allow_nan=False, allow_infinity=False)
game_record = st.fixed_dictionaries(
    {"rating": numbers, "rd": numbers, "volatility": numbers},
    optional={
        "played": numbers,
        "won": numbers,
        "streak": numbers,
        "history": st.lists(st.lists(st.text(max_size=12) | numbers, max_size=5), max_size=4),
    },
)
profile_like = st.fixed_dictionaries(
    {
        "id": st.sampled_from(["p1", "p2", "p33", "x1", ""]),
        "name": names,
        "colour": st.sampled_from(list(P.COLOURS) + ["", "#fff"]),
        "created": st.sampled_from(["2026-11-26", "yesterday", ""]),
    },
    optional={
        "games": st.dictionaries(
            st.sampled_from(["chromatic-collapse", "crystal-connector", "../x", ""]),
            game_record,
            max_size=3,
        )
    },
)
file_like = st.fixed_dictionaries(
    {"format": st.sampled_from([1, 1, 2, "1"]), "profiles": st.lists(profile_like, max_size=4)},
    optional={
        "last": st.lists(st.sampled_from(["p1", "p2", "", "zz"]), max_size=4),
        "recorded": st.lists(st.text(max_size=20), max_size=3),
    },
)
contents = (
    st.binary(max_size=300)
    | json_values.map(lambda v: json.dumps(v).encode())
    | file_like.map(lambda v: json.dumps(v, ensure_ascii=False).encode())
)


def _write(raw: bytes):
    paths = user_paths()
    path = P.profiles_path(paths)
    path.parent.mkdir(parents=True, exist_ok=True)
    for old in path.parent.glob("profiles*"):
        old.unlink()
    path.write_bytes(raw)
    return paths, path


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=contents)
def test_any_file_loads_or_is_set_aside_with_its_bytes(scratch_home, raw):
    paths, path = _write(raw)
    got, problem = P.load(paths)
    if problem is None:
        assert path.read_bytes() == raw  # used, left in place
        assert P.save(got, paths) is None
        assert P.load(paths) == (got, None)
        for p in got.profiles:
            assert P.check_name(p.name) == p.name and p.colour in P.PALETTE
        assert len({P.name_key(p.name) for p in got.profiles}) == len(got.profiles)
    else:
        assert got == P.Profiles()
        assert problem.startswith("The player profiles could not be read")
        assert "Traceback" not in problem and "Error" not in problem
        aside = list(path.parent.glob("profiles.corrupt-*.json"))
        assert not path.exists() and len(aside) == 1 and aside[0].read_bytes() == raw


@given(name=names)
def test_a_name_is_refused_with_a_reason_or_comes_back_clean(name):
    try:
        clean = P.check_name(name)
    except P.NameProblem as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert 1 <= len(clean) <= P.MAX_NAME
    assert clean == clean.strip() and "  " not in clean
    assert all(ch == " " or unicodedata.category(ch)[0] not in "CZ" for ch in clean)
    ps, profile = P.Profiles().add(name, "ruby", "2026-11-26")
    assert profile.name == clean and ps.find(name) == profile


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batch=st.lists(names, max_size=12))
def test_any_names_added_save_and_load_back(scratch_home, batch):
    paths = user_paths()
    ps = P.Profiles()
    for n in batch:
        try:
            ps, _p = ps.find_or_add(n, "2026-11-26")
        except P.NameProblem:
            continue
    assert P.save(ps, paths) is None
    assert P.load(paths) == (ps, None)


@given(name=names, profile=st.none() | names | st.integers() | st.booleans())
def test_a_phones_profile_name_is_refused_with_a_reason_or_kept_clean(name, profile):
    from party.lobby import Lobby, LobbyError

    lobby = Lobby(["Red", "Blue"], [0, 1], profiles_allowed=True)
    try:
        slot = lobby.join(lobby.code, name, profile=profile)
    except LobbyError as exc:
        assert str(exc) and "Traceback" not in str(exc)
        assert lobby.free_seats() == [0, 1]  # a refused join takes no seat
        return
    if profile is None:
        assert slot.profile == "" and lobby.profiles() == {}
    else:
        assert P.check_name(slot.profile) == slot.profile
        assert lobby.profiles() == {slot.seat: slot.profile}
