"""The frozen app's entry point: the same `actiondeck` command that pip installs."""

import sys

from desktop.cli import main

if __name__ == "__main__":
    sys.exit(main())
