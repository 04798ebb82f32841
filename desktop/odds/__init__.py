"""Moved: Worlds That Remember's dice and odds live in `desktop.rulesets.worlds_that_remember.dice`.

Only `desktop.odds.dice` is left, forwarding `Pool` and `roll` to the rules module that still
imports them from here; delete this package once that import names the new place.
"""
