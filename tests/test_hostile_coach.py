"""Hostile seeds/coach.json: whatever the file holds, the coach's calibration reads
without raising, and every win chance it gives is a chance (0..1) that never falls
as the value rises (the files made here hold no ``proven``: a file's share of proven
wins converted may read a proven value below the curve just short of it).  A file it
cannot use is reported and the plain reading is used."""

import itertools
import json

from hypothesis import given
from hypothesis import strategies as st

from game.analysis import calibration as coach

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=20), inner, max_size=4)
    ),
    max_leaves=20,
)

entries = st.dictionaries(
    st.sampled_from(["a", "b", "date", "positions", "games", "brier", "x"]),
    json_values | st.floats(-1e6, 1e6),
    max_size=6,
)

files_like = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {
            "format": st.sampled_from([1, 2, "1", None]),
            "games": st.dictionaries(
                st.sampled_from(["chromatic-collapse", "crystal-connector", "nope", ""]),
                entries,
                max_size=3,
            ),
        }
    ),
)


def _sound(cal: coach.Calibration) -> None:
    for game_id in ("chromatic-collapse", "crystal-connector", "nope"):
        chances = [cal.win_chance(game_id, v / 8) for v in range(-8, 9)]
        assert all(0.0 <= p <= 1.0 for p in chances)
        assert all(a <= b for a, b in itertools.pairwise(chances))
        pair = cal.calibrated(game_id, [0.25, -0.25])
        assert all(-1.0 <= x <= 1.0 for x in pair)


@given(files_like)
def test_any_json_value_reads_as_a_calibration_or_a_reported_problem(data):
    cal = coach.parse(data)
    if not cal.fits:
        assert cal.problem or (isinstance(data, dict) and not data.get("games"))
    _sound(cal)


@given(st.binary(max_size=200))
def test_any_bytes_in_the_file_read_without_raising(tmp_path_factory, raw):
    path = tmp_path_factory.mktemp("coach") / "coach.json"
    path.write_bytes(raw)
    cal = coach.load(path)
    _sound(cal)


def test_a_file_of_the_wrong_kind_is_reported(tmp_path):
    path = tmp_path / "coach.json"
    path.write_text(json.dumps({"format": 1, "games": {"chromatic-collapse": {"a": 0, "b": 0}}}))
    cal = coach.load(path)
    assert cal.problem and not cal.fits
    (tmp_path / "folder.json").mkdir()
    assert coach.load(tmp_path / "folder.json").problem
