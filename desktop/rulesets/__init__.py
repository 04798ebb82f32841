"""The rule systems: one sub-package each, found and registered by `desktop.engine.registry`."""
