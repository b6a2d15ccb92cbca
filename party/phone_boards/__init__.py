"""One module per game, named by its ``GameSpec.module`` (party/phone_board.py): a turn
game's ``board_view(state, seat)``, the position a phone draws; a game of secret plans'
``plan_view(state, seat, held)``, the board and the plan editor's data."""
