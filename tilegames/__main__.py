"""`python -m tilegames` runs the same entry point as the `tilegames` command."""

from tilegames.cli import main

raise SystemExit(main())
