"""The headless subcommands of `actiondeck` (desktop/cli.py parses and dispatches): each module one
kind of work, none importing Qt at import time, each refusal a `Refusal` (one sentence, status 2)."""
