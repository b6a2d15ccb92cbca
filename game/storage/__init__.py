"""Files: where they live, the one way every file is read, atomic writes, autosaves and the replay library."""
