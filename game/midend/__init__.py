"""One match as it is played: its seats, history, undo and the turn clock (Tatham's midend)."""
