"""The rule systems. Importing this package registers every built-in system."""

from desktop.rulesets import twilight_imperium  # noqa: F401
