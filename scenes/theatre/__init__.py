"""The replay theatre: watch, step through and study a finished game.

Where each part lives:

- ``library.py``  the Replays screen (the list, its thumbnails, open / rename /
  delete) and ``open_file`` for ``--replay FILE``;
- ``stage.py``    the theatre itself: the game's own play view in read-only mode
  draws the board and animates each action; the timeline, keys and the side panel;
- ``graph.py``    the timeline strip: advantage graph, mistake marks, cursor, spinner;
- ``analyst.py``  feeds positions to the bot worker and keeps the per-replay cache;
- ``takeover.py`` "Take over from here": a person or bot level per seat, then play;
- ``export.py``   the PNG of a position and the animated GIF of a game (Pillow).

The pure parts (listing, the timeline model, take-over, mistakes from values) are in
``game/storage/replays.py`` and ``game/analysis/marks.py`` and are tested without pygame.
"""
