"""`python -m browser_engine`: see `browser_engine.cli`."""
import sys

from .cli import main

try:
    sys.exit(main())
except KeyboardInterrupt:  # Ctrl-C during a long calculation: a short French line, no traceback
    print("\nInterrompu.", file=sys.stderr)
    sys.exit(130)
