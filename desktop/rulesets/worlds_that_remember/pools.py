"""Which Aspect dice a roll holds, and how they read. Pure: used by the rules, the view and the bot.

A pool is, in this order: the card's own tags (printed on it, they always apply), the character's
tags and gear its player said apply (a tag already on the card adds no second die), the dice of
the card's text, the dice of Conditions in the roller's Ready Hand, Dusk's d4 COST, and one die per
Support. The Fate d20 is always implied (desktop.rulesets.worlds_that_remember.dice).
"""

from __future__ import annotations

from desktop.rulesets.worlds_that_remember.cards import ActionDef, Character, ConditionDef, Tag
from desktop.rulesets.worlds_that_remember.dice.rolls import APPROACHES, AXES, Die

DEFAULT_SUPPORT = 6


def tag_die(tag: Tag) -> Die:
    return Die(APPROACHES[tag.approach], f"{tag.approach} ({tag.label})")


def extra_tags(card: ActionDef, character: Character) -> list[Tag]:
    """The character's tags and gear a player may add to a roll of `card` (not already on it)."""
    printed = {tag.label.lower() for tag in card.tags}
    return [tag for tag in character.all_tags() if tag.label.lower() not in printed]


def chosen_tags(card: ActionDef, character: Character, labels: list[str]) -> list[Tag]:
    wanted = set(labels)
    return [tag for tag in extra_tags(card, character) if tag.label in wanted]


def support_die(name: str, tag: Tag | None) -> Die:
    if tag is None:
        return Die(DEFAULT_SUPPORT, f"{AXES[DEFAULT_SUPPORT]} ({name}'s Support)")
    return Die(APPROACHES[tag.approach], f"{tag.approach} ({name}'s Support: {tag.label})")


def pool_dice(
    card: ActionDef,
    tags: list[Tag],
    conditions: list[ConditionDef],
    dusk: bool,
    supports: list[Die] = (),
) -> list[Die]:
    dice = [tag_die(tag) for tag in card.tags]
    dice += [tag_die(tag) for tag in tags]
    dice += [Die(size, f"{AXES[size]} ({card.name})") for size in card.dice]
    dice += [Die(condition.die, f"{AXES[condition.die]} ({condition.name})") for condition in conditions if condition.die]
    if dusk:
        dice.append(Die(4, "COST (Dusk)"))
    return dice + list(supports)


def words(die: Die) -> str:
    """"d6 Careful (Sneak)", "d4 COST (Dusk)"."""
    return f"d{die.size} {die.source}" if die.source else die.name


def pool_words(dice: list[Die]) -> str:
    """"d20 + d6 Careful (Sneak) + d4 COST (Dusk)"."""
    return " + ".join(["d20", *(words(die) for die in dice)])
