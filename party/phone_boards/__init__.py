"""One module per turn game, named by its ``GameSpec.module``: ``board_view(state, seat)``,
the position a phone draws (party/phone_board.py).  A game without one (Element Shift,
whose phones edit a plan) has no board on the phone."""
