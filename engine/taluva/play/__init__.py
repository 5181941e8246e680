"""Ways to play a game: the local session with undo, games by link, the lesson, the review.

Built on the rules, the formats and the computer players (tests/test_layers.py).
"""
