""""What can I do now?": the moves open at the screen, in words, for a player who has not read the
rules (Help > What can I do now?, Shift+F1).

Read from the model only, as the buttons are: who the table waits for and why (the stages, which
are public), then the offers the screen shows (`session.offers()`: the seat looking's, the other
seats' at the screen, the table's), each in its button's words with the choices it holds. Behind
the curtain it names whom the screen waits for and nothing of any hand (the offers are not read).
"""

from __future__ import annotations

from html import escape

from desktop.ui.offer_words import offer_text

TITLE = "What can I do now?"
CHOICES_SHOWN = 8  # the choices listed under a move; the rest are counted ("and 12 more")

# How each kind of stage is said: who, and what they are asked (the stage's own words).
STAGE_WORDS = {
    "turn": "It is {name}'s turn: {label}.",
    "respond": "{name} may answer out of turn: {label}.",
    "discard": "{name} must first {label}.",
    "answer": "{name} is asked to {label}.",
    "plan": "{name} is to {label}.",
    "table": "Anyone at the table may {label}.",
}


def page(session) -> str:
    """The page, as HTML for the Help window's reader."""
    view, table = session.view(), session.table()
    parts = [f"<h1>{TITLE}</h1>"]
    if table.headline:
        parts.append(f"<p><b>{escape(table.headline)}</b></p>")
    waiting = session.pending_viewer
    if waiting is not None:  # the curtain is up: the offers would name the last viewer's cards
        whom = view.seat_name(waiting) if waiting else "the next player"
        parts.append(f"<p>The screen waits for <b>{escape(whom)}</b>: pass it to them, and they "
                     "press the button on the curtain. Their moves are shown once they look.</p>")
        parts += who_acts(session, view)
        return "\n".join(parts)
    if table.banner:
        parts.append(f"<p>{escape(table.banner)}</p>")
    parts += who_acts(session, view)
    parts += moves(session, view)
    return "\n".join(parts)


def who_acts(session, view) -> list[str]:
    """Who the table waits for, and why, in the stages' words (the same for every viewer)."""
    said: list[str] = []
    for stage in session.stages():
        name = view.seat_name(stage.seat)
        if stage.seat in session.app_seats:
            name += " (played by the app)"
        label = (stage.label or "act").removeprefix(f"{view.seat_name(stage.seat)}: ")  # "Ann's turn: Ann: ..."
        line = STAGE_WORDS.get(stage.kind, "{name}: {label}.").format(name=name, label=label)
        if line not in said:
            said.append(line)
    if not said:
        return ["<p>Nobody is asked to act: the game is over, or waits for the table.</p>"]
    return ["<h2>Who is to act</h2>", "<ul>", *(f"<li>{escape(line)}</li>" for line in said), "</ul>"]


def moves(session, view) -> list[str]:
    """The offers the screen shows, the seat looking's first, each with the choices it holds."""
    offers = session.offers()
    looking = session.viewer
    if not offers:
        return ["<h2>Moves</h2>", "<p>Nothing can be done from this screen now"
                + (": the app's seats are playing, or a seat on a phone must act." if looking
                   else ": \u201cShow my hand\u201d passes the screen to a player.") + "</p>"]
    seats = [offer for offer in offers if offer.seat is not None]
    mine = [offer for offer in seats if offer.seat == looking] if looking else seats  # nobody looks: all
    others = [offer for offer in seats if offer.seat != looking] if looking else []
    table = [offer for offer in offers if offer.seat is None]
    parts = ["<p>Each move is a button under <i>Actions</i> and an entry of the <i>Turn</i> menu; "
             "a card of your hand may also be dragged where it goes.</p>"]
    for title, group in (
        (f"Your moves, {view.seat_name(looking)}" if looking else "Moves at the screen", mine),
        ("Other seats at the screen", others),
        ("Anyone at the table", table),
    ):
        if group:
            parts += [f"<h2>{escape(title)}</h2>", "<ul>", *(entry(session, view, offer) for offer in group), "</ul>"]
    return parts


def entry(session, view, offer) -> str:
    """One move: its button's words, then what it may be made with, when there is a choice."""
    text = f"<li><b>{escape(offer_text(view, offer))}</b>"
    if len(offer.choices) > 1:
        words = list(dict.fromkeys(session.label(choice) for choice in offer.choices))
        shown = ", ".join(escape(word) for word in words[:CHOICES_SHOWN])
        more = len(words) - CHOICES_SHOWN
        text += f"<br>one of: {shown}" + (f", and {more} more" if more > 0 else "")
    return text + "</li>"
