"""What a hostile JSON file can hold, for the hypothesis properties of the file
boundaries (tests/test_hostile_files.py, test_hostile_profiles.py): any scalar JSON
allows, integers too long for 64 bits, NaN and infinities, and nesting of all of them."""

from hypothesis import strategies as st

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**25, max_value=10**60)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=40)
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=30,
)
