"""DESIGN.md section 5: PySide6 6.12.0 on Python 3.11 drops a reference to None on every void
call, and the interpreter aborts after a few thousand. This catches any release with that bug."""

import sys

from PySide6.QtCore import QObject


def test_void_qt_calls_do_not_consume_references_to_none(qapp):
    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(20_000):
        probe.setObjectName("probe")
    after = sys.getrefcount(None)
    assert after >= before - 1_000, f"None lost {before - after} references in 20,000 Qt calls"
