"""Placeholder bot."""


class TempoBot:
    def __init__(self, seed=None):
        pass

    def choose(self, legal, view=None):
        return None
