"""Chromatic Collapse's hooks for the tools (tools/games/__init__.py)."""

from __future__ import annotations

# Reference players that know this game alone (tools/references.py).
REFERENCES = ("ref-loa",)
