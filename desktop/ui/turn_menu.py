"""The Turn menu: what can happen now, an entry per offer, and the keys some kinds of offer name.

The menu's entries are written as it opens (`aboutToShow`): a closed menu is read by nobody, and
rewriting its twenty-odd entries at every action (their words, keys and visibility, each a change
every menu and shortcut map hears of) was 0.7-0.9 ms of an action at eight seats. Its keys cannot
wait for it: a key works with the menu shut. So each key is an action of its own on the window,
bound at every change to the offer that key stands for now, and an entry shows its key in its
words (after a tab, where Qt sets a shortcut) rather than holding it: one key, one action.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence

from desktop.ui.put import put_text


class TurnMenu:
    """The menu bar's Turn menu and its keys, kept for every game the window shows."""

    def __init__(self, window, bar) -> None:
        self._window = window
        self.menu = bar.addMenu("&Turn")
        self.entries: list[QAction] = []  # kept, never remade: an entry may be the one being handled
        self.offers: list = []  # the offer each entry stands for (None: hidden, or not written yet)
        # What the legal list leaves out (the ruleset's `unlisted`), after a separator below what
        # can happen now; worked out when chosen. Shown only for a system that has them.
        self.tail = self.menu.addSeparator()
        self.other_action = QAction("&Other actions\u2026", window)
        self.other_action.triggered.connect(lambda: self.other_action.isVisible() and window._other_actions())
        self.menu.addAction(self.other_action)
        self._wanted: list[tuple[str, str, object]] = []  # (words, key, offer) as of the last change
        self._written = True
        self._written_for: str | None = None  # the seat looking when the entries were written
        self._keys: dict[str, QAction] = {}  # a key -> its action on the window
        self._keyed: dict[str, object] = {}  # a key -> the offer it takes now
        self._input = True  # False while the curtain is up: no entry, no key
        self.menu.aboutToShow.connect(self._write)

    # ---- what can happen now -------------------------------------------------------------------

    def show_offers(self, offers) -> None:
        """`offers`: (words, offer) for what can happen now. The keys are bound at once; the
        entries are written now if the menu is open, else as it opens."""
        window = self._window
        used: set[str] = set()
        wanted = []
        for text, offer in offers:
            key = getattr(type(offer.choices[0]), "shortcut", "")
            if key and key not in used and (offer.seat is None or offer.seat == window.session.viewer
                                            or len([o for _, o in offers if o.kind == offer.kind]) == 1):
                used.add(key)
            else:
                key = ""
            wanted.append((text, key, offer))
        self._wanted = wanted
        self._keyed = {key: offer for _, key, offer in wanted if key}
        self._written = False
        self.offers[:] = [None] * len(self.offers)  # an entry not written since stands for nothing
        if window.session.viewer != self._written_for:
            self._clear()  # an offer may name a card of the hand that was looking
        self._bind_keys()
        self._enable()
        if self.menu.isVisible():
            self._write()

    def forget(self) -> None:
        """A new game: the last game's offers are let go, entries and keys alike."""
        self.show_offers([])

    def allow_input(self, on: bool) -> None:
        """While the curtain is up (`on` False) the menu is shut and no key takes an offer."""
        self._input = on
        self._enable()
        self._bind_keys()

    def _enable(self) -> None:
        wanted = (bool(self._wanted) or self.other_action.isVisible()) and self._input
        if self.menu.isEnabled() != wanted:
            self.menu.setEnabled(wanted)

    def _bind_keys(self) -> None:
        for key in self._keyed:
            if key not in self._keys:
                action = QAction(self._window)
                action.setShortcut(QKeySequence(key))
                action.triggered.connect(lambda _=False, k=key: self._take_key(k))
                self._window.addAction(action)
                self._keys[key] = action
        for key, action in self._keys.items():
            on = self._input and key in self._keyed
            if action.isEnabled() != on:
                action.setEnabled(on)

    def _clear(self) -> None:
        """No entry keeps the words of another seat's offers ("Play" and a card of their hand):
        emptied and hidden when another seat looks, at once, not as the menu next opens."""
        for action in self.entries:
            if action.isVisible():
                action.setVisible(False)
            put_text(action, "")
        self._written_for = self._window.session.viewer

    def key_actions(self) -> list[QAction]:
        """The window's actions for the keys the systems name (made as each key is first offered)."""
        return list(self._keys.values())

    def _take_key(self, key: str) -> None:
        offer = self._keyed.get(key)
        if offer is not None and self._input:
            self._window._offer_chosen(offer, by_key=True)

    # ---- the entries -----------------------------------------------------------------------------

    def _write(self) -> None:
        """The entries as the last change left what can happen now: kept and changed in place
        (words, keys shown, offers), fewer hidden, more made only when more are offered than ever."""
        if self._written:
            return
        self._written = True
        self._written_for = self._window.session.viewer
        entries, chosen, wanted = self.entries, self.offers, self._wanted
        while len(entries) < len(wanted):
            action = QAction(self.menu)
            index = len(entries)
            # The entry reads its offer when chosen: an entry is never remade, so never deleted
            # inside its own handler (a refresh may run there, when it opened a prompt).
            action.triggered.connect(
                lambda _=False, i=index: chosen[i] is not None and self._window._offer_chosen(chosen[i], by_key=True))
            self.menu.insertAction(self.tail, action)
            entries.append(action)
            chosen.append(None)
        for index, action in enumerate(entries):
            if index < len(wanted):
                text, key, offer = wanted[index]
                chosen[index] = offer
                put_text(action, f"{text}\t{QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)}"
                         if key else text)
                if not action.isVisible():
                    action.setVisible(True)
            elif action.isVisible():
                chosen[index] = None
                action.setVisible(False)
                put_text(action, "")  # nothing of an offer gone, nor the key it showed


def entry_words(action: QAction) -> tuple[str, str]:
    """An entry's words and the key it shows ("" for none), as the menu sets them."""
    text, _, key = action.text().partition("\t")
    return text, key
