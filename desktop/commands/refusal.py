"""A refusal on the command line: one sentence on stderr, exit status 2, nothing written. A module
of its own so that every subcommand raises the same class as the one `cli.main` catches, even when
cli.py runs as `__main__` (`python -m desktop.cli`)."""

REFUSED = 2


class Refusal(Exception):
    """A user-facing refusal from the command line."""
