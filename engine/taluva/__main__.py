"""``python -m taluva``: see :mod:`taluva.cli`."""

from taluva.cli import main

raise SystemExit(main())
