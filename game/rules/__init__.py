"""The rules: the engine contract every game meets, board coordinates, and the five games' engines."""
