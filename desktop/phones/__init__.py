"""Hands on phones: each seat's phone as one more front end of the game (docs/phones.md).

`server.PhoneServer` is what the window and the headless command use; the modules under it:
`protocol` the messages both ways, `seat_feed` what one seat's phone is shown, `pairing` which
phone holds which seat, `desk` the phones' side of the table on the UI thread, `wire` the
network on a thread of its own, `lan` this machine's address on the local network. No system is
named here: a phone shows any system's view as the window does.
"""
