"""One check for every tool's argument refusals: argparse's exit 2 and a reason on
stderr, never a traceback."""

from __future__ import annotations

import pytest


def refused(main, argv: list[str], capsys) -> str:
    """Run a tool's ``main(argv)``; it must stop with exit code 2 and no traceback.
    Returns what it wrote to stderr (the reason), for the caller to check."""
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err
