"""What the summary at the end counts for Future Imperfect (engine/summary.py): each character's
checks (the result against the TN, success or failure, a complex check's magnitude and victories),
the checks won, and the contests decided. Read from the game replayed: a check's cards and result
lie face up on the table for everyone once drawn and taken."""

from __future__ import annotations

from collections import Counter

from desktop.engine.summary import Figure, Section, plural


def _words(check) -> str:
    result = check.result
    if result.outcome == "critical":
        return "a critical failure"
    said = f"{result.total} against TN {check.tn}: {result.outcome}"
    if result.outcome == "success" and check.complex:
        said += f", magnitude {result.magnitude}, {plural(result.victories, 'victory', 'victories')}"
    return said


def sections(record) -> tuple[Section, ...]:
    seats = [seat.id for seat in record.state.seats]
    checks: dict[str, list[str]] = {seat: [] for seat in seats}
    wins = Counter()
    seen: set[int] = set()  # the checks counted, by their number in the game
    contests: list[str] = []
    last = None  # the contest decided at the last step
    for step in record.steps():
        state = step.state
        check = state.check
        if check is not None and check.result is not None and state.checks not in seen:
            seen.add(state.checks)
            checks.setdefault(check.who, []).append(_words(check))
            wins[check.who] += check.result.outcome == "success"
        contest = state.contest
        decided = None if contest is None or contest.winner is None else (tuple(contest.sides), len(contest.results))
        if decided is not None and decided != last:  # counted once, while it stays on the table
            names = " and ".join(record.name(side) for side in contest.sides)
            contests.append(f"{names}: {record.name(contest.winner)} won.")
        last = decided
    results = Section(
        "Checks",
        tuple(f"{record.name(seat)}: {'; '.join(checks[seat])}." for seat in seats if checks[seat]),
        tuple(Figure(record.name(seat), wins[seat], f"{wins[seat]} won of {plural(len(checks[seat]), 'check')}")
              for seat in seats if checks[seat]),
    )
    return results, Section("Contests", tuple(contests))
