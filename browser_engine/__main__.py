"""`python -m browser_engine`: see `browser_engine.cli`."""
import sys

from .cli import main

sys.exit(main())
