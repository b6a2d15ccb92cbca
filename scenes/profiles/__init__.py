"""The player profile screens (one package, two screens the router names).

- ``who.py``: "Who's playing?", opened from game select for one seat: pick a profile,
  play as a guest, or make a new profile (a name and a colour).
- ``screen.py``: the profile screen: per game played, won, the streaks and
  the rating with its interval, and the chosen game's rating over time.
- ``plot.py``: the rating plot itself (pygame lines and axes), pure drawing.

The records and ratings are ``game/records/profiles.py``'s; the results screen counts a game
for its profile seats (``game.records.profiles.record_finished``).  Kiosks show none of this:
a booth's visitors are anonymous.
"""

from scenes.profiles.screen import ProfileScene
from scenes.profiles.who import WhoScene

__all__ = ["ProfileScene", "WhoScene"]
