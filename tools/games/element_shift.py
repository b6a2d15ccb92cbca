"""Element Shift's hooks for the tools (tools/games/__init__.py)."""

from __future__ import annotations
