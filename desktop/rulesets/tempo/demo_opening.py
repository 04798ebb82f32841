"""A demo's opening as its system's bot plays it, recorded. Written again by

    python -m desktop.rulesets.tempo.demo

and a test says when the rules or the bot have changed it."""

OPENING = [
    {'type': 'plan', 'card': 'c004', 'tempo': -1, 'spell': '', 'player': 'ann'},
    {'type': 'plan', 'card': 'c002', 'tempo': -1, 'spell': '', 'player': 'ann'},
    {'type': 'plan', 'card': 'c017', 'tempo': -1, 'spell': '', 'player': 'bo'},
    {'type': 'plan', 'card': 'c015', 'tempo': -1, 'spell': '', 'player': 'bo'},
    {'type': 'plan', 'card': 'c038', 'tempo': -1, 'spell': '', 'player': 'cy'},
    {'type': 'plan', 'card': 'c029', 'tempo': -1, 'spell': '', 'player': 'cy'},
    {'type': 'plan', 'card': 'c052', 'tempo': -1, 'spell': '', 'player': 'dee'},
    {'type': 'plan', 'card': 'c043', 'tempo': -1, 'spell': '', 'player': 'dee'},
    {'type': 'plan', 'card': 'c065', 'tempo': -1, 'spell': '', 'player': 'gm'},
    {'type': 'plan', 'card': 'c057', 'tempo': -1, 'spell': '', 'player': 'gm'},
    {'type': 'plan', 'card': 'c071', 'tempo': -1, 'spell': '', 'player': 'gm'},
    {'type': 'plan', 'card': 'c070', 'tempo': -1, 'spell': '', 'player': 'gm'},
    {'type': 'plan', 'card': 'c091', 'tempo': -1, 'spell': '', 'player': 'gm'},
    {'type': 'plan', 'card': 'c083', 'tempo': -1, 'spell': '', 'player': 'gm'},
    {'type': 'plan', 'card': 'c104', 'tempo': -1, 'spell': '', 'player': 'gm'},
    {'type': 'plan', 'card': 'c096', 'tempo': -1, 'spell': '', 'player': 'gm'},
    {'type': 'take', 'entry': 2, 'target': 'orc', 'weapon': '', 'option': '', 'question': 1, 'item': '', 'amount': 0, 'tier': '', 'paradigm': '', 'reclaim': False, 'commit': 0, 'recover': False, 'success': True, 'note': '', 'confirm': True, 'player': 'ann'},
    {'type': 'exert', 'character': 'ann', 'use': 'momentum', 'card': '', 'action': '', 'entry': 0, 'tempo': -1, 'spell': '', 'condition': '', 'tier': '', 'amount': 1, 'note': '', 'confirm': False, 'player': 'ann'},
    {'type': 'advance', 'player': 'ann'},
    {'type': 'take', 'entry': 4, 'target': 'orc', 'weapon': '', 'option': '', 'question': 1, 'item': '', 'amount': 0, 'tier': '', 'paradigm': '', 'reclaim': False, 'commit': 0, 'recover': False, 'success': True, 'note': '', 'confirm': True, 'player': 'bo'},
    {'type': 'exert', 'character': 'bo', 'use': 'momentum', 'card': '', 'action': '', 'entry': 0, 'tempo': -1, 'spell': '', 'condition': '', 'tier': '', 'amount': 1, 'note': '', 'confirm': False, 'player': 'bo'},
    {'type': 'advance', 'player': 'bo'},
    {'type': 'take', 'entry': 6, 'target': 'orc', 'weapon': '', 'option': '', 'question': 1, 'item': '', 'amount': 0, 'tier': '', 'paradigm': '', 'reclaim': False, 'commit': 0, 'recover': False, 'success': True, 'note': '', 'confirm': True, 'player': 'cy'},
    {'type': 'exert', 'character': 'cy', 'use': 'momentum', 'card': '', 'action': '', 'entry': 0, 'tempo': -1, 'spell': '', 'condition': '', 'tier': '', 'amount': 1, 'note': '', 'confirm': False, 'player': 'cy'},
    {'type': 'advance', 'player': 'cy'},
    {'type': 'take', 'entry': 8, 'target': 'orc', 'weapon': '', 'option': '', 'question': 1, 'item': '', 'amount': 0, 'tier': '', 'paradigm': '', 'reclaim': False, 'commit': 0, 'recover': False, 'success': True, 'note': '', 'confirm': True, 'player': 'dee'},
    {'type': 'advance', 'player': 'dee'},
    {'type': 'take', 'entry': 10, 'target': 'dee', 'weapon': '', 'option': '', 'question': 0, 'item': '', 'amount': 0, 'tier': '', 'paradigm': '', 'reclaim': False, 'commit': 0, 'recover': False, 'success': True, 'note': '', 'confirm': True, 'player': 'gm'},
    {'type': 'advance', 'player': 'gm'},
    {'type': 'take', 'entry': 12, 'target': 'dee', 'weapon': '', 'option': '', 'question': 0, 'item': '', 'amount': 0, 'tier': '', 'paradigm': '', 'reclaim': False, 'commit': 0, 'recover': False, 'success': True, 'note': '', 'confirm': True, 'player': 'gm'},
    {'type': 'advance', 'player': 'gm'},
    {'type': 'take', 'entry': 14, 'target': 'dee', 'weapon': '', 'option': '', 'question': 0, 'item': '', 'amount': 0, 'tier': '', 'paradigm': '', 'reclaim': False, 'commit': 0, 'recover': False, 'success': True, 'note': '', 'confirm': True, 'player': 'gm'},
    {'type': 'advance', 'player': 'gm'},
    {'type': 'take', 'entry': 16, 'target': 'dee', 'weapon': '', 'option': '', 'question': 0, 'item': '', 'amount': 0, 'tier': '', 'paradigm': '', 'reclaim': False, 'commit': 0, 'recover': False, 'success': True, 'note': '', 'confirm': True, 'player': 'gm'},
    {'type': 'advance', 'player': 'gm'},
]
