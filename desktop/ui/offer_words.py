"""The words of the offers: each offer's button text (and Turn-menu entry), and the banner's
"what can be done now" when the table has nothing else to say.

The offers' labels are the ruleset's; here they are put after the name of the seat they are for,
once, and gathered by seat for the banner.
"""

from __future__ import annotations


def offer_text(view, offer) -> str:
    """The offer's words after its seat's name, unless they begin with it already (a seat
    playing one character named like it: "Ann: not now", never "Ann: Ann: not now")."""
    if offer.seat is None:
        return offer.label
    name = view.seat_name(offer.seat)
    if offer.label.startswith((f"{name}: ", f"{name} ")):
        return offer.label
    return f"{name}: {offer.label}"


def what_now(view, offers) -> str:
    """What can be done first, seat by seat (`offers`: (text, Offer) pairs), for a banner with
    nothing pending to say."""
    if not offers:
        return "Nothing can be done with the hands shown now: \u201cShow my hand\u201d passes the screen to a player."
    by_seat: dict = {}
    for _, offer in offers:
        label = offer.label
        if offer.seat is not None:  # "Ann can: not now", never "Ann can: Ann: not now"
            label = label.removeprefix(f"{view.seat_name(offer.seat)}: ")
        by_seat.setdefault(offer.seat, []).append(label)
    parts = [
        f"{view.seat_name(seat) + ' can' if seat is not None else 'Anyone may'}: {', '.join(labels)}"
        for seat, labels in sorted(by_seat.items(), key=lambda item: item[0] is None)
    ]
    return "; ".join(parts) + "."
