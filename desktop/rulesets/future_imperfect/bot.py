"""The app's seats of Future Imperfect: the policy, at its levels, is policy.py's (this name stays
for code that imports it)."""

from desktop.rulesets.future_imperfect.policy import CHECKS_PER_PLAYER, FIPolicy

FIBot = FIPolicy

__all__ = ["CHECKS_PER_PLAYER", "FIBot", "FIPolicy"]
