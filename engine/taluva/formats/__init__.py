"""A game written down and read back: records, share codes, the page's JSON, link pictures.

Built on :mod:`taluva.rules` alone (tests/test_layers.py).
"""
