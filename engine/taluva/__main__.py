"""``python -m taluva``: see :mod:`taluva.tools.cli`."""

from taluva.tools.cli import main

raise SystemExit(main())
