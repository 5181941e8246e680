"""Shared set-up for the rule tests.

pytest runs with ``--import-mode=importlib``, which does not put ``tests/`` on ``sys.path``;
the helper modules (positions, reference, transcripts) are imported by name, so add it here.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)
