"""What is legal and what happens: the board, the tiles, the moves, a game's turns and its end.

The rules import nothing of the rest of the engine (tests/test_layers.py checks it): formats,
ways to play, the computer players and the tools are built on them, never the other way.
"""
