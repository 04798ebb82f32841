"""The phone page in a real browser (Chromium, driven by Playwright) against a real phone server on
127.0.0.1 over a real session: phones paired by their seats' pairing addresses, acting as their
seats by tapping what the page shows (docs/phones.md, "The phone page")."""

from __future__ import annotations

import re

from tests.phones.phone_client import new_session


def test_two_phones_pair_by_their_addresses_and_play_a_check(serve, browser):
    """Ann (who sets the checks) sets one for Bo on her phone, answering each question at its
    default but the one she changes; Bo's phone is asked to draw and does."""
    session = new_session("future-imperfect")
    server = serve(session)
    ann = browser.phone(server.invitation("ann").url)
    bo = browser.phone(server.invitation("bo").url)
    assert server.paired_seats() == ["ann", "bo"]
    ann.says("Your turn: set a check")
    ann.status("turn")
    bo.says("Nothing to do now.")
    bo.status("wait")
    assert ann.text("#seat") == "Ann" and bo.text("#seat") == "Bo"

    ann.take("Set a simple check")
    ann.status("answer")
    ann.asked("Who makes the check?")
    ann.choose("Bo")
    ann.submit()
    assert ann.submit_all() == 3  # the trait die, the skill level, the target number, at their defaults
    assert [type(action).__name__ for action in session.game.actions] == ["SetCheck"]
    assert session.game.actions[0].player == "ann"

    bo.status("turn")
    bo.says("Your turn: draw the resolution card")
    ann.says("Nothing to do now.")
    bo.take("Draw the resolution card")
    assert [action.player for action in session.game.actions] == ["ann", "bo"]
    assert ann.problems == [] and bo.problems == []


def test_leave_drops_the_move_and_a_refusal_is_the_tables_sentence(serve, browser):
    session = new_session("future-imperfect")
    server = serve(session)
    ann = browser.phone(server.invitation("ann").url)
    ann.take("Set a simple check")
    ann.tap("Leave")
    ann.says("Your turn: set a check")
    assert session.every_question() == [] and session.game.actions == []
    ann.take("Set a simple check")
    ann.submit()
    ann.submit()
    ann.asked(re.compile("skill level"))
    ann.number(9)  # past the question's bounds: the table says so, the answer stays as typed
    ann.submit()
    ann.notice("The answer is a number from 1 to 5.")
    assert ann.run(lambda: ann.page.locator("#question .stepper input").input_value()) == "9"
    assert session.game.actions == []
    ann.run(lambda: ann.page.get_by_label(re.compile("one less")).click())  # 8
    ann.number(4)
    ann.submit()
    ann.asked(re.compile("^Target number"))
    ann.submit()
    assert session.game.actions[0].skill == 4


QUESTIONS = """async () => {
  const {questionForm} = await import("/static/questions.js");
  const asked = (kind, fields) => ({id: 0, title: "", text: kind, kind, options: [], low: 0, high: 0,
    limit: 0, default: null, preface: false, answered: [], chooser: null, ...fields});
  const three = [{label: "one"}, {label: "two"}, {label: "three"}];
  const questions = [
    asked("choice", {id: 1, options: three, default: 2}),
    asked("seat", {id: 2, options: three}),
    asked("subset", {id: 3, options: three, default: [0, 2]}),
    asked("order", {id: 4, options: three, default: [2, 0, 1]}),
    asked("number", {id: 5, low: 1, high: 9, default: 5}),
    asked("text", {id: 6, limit: 10, default: "abc"}),
    asked("confirm", {id: 7, default: false}),
    asked("counts", {id: 8, options: [{label: "a", key: "a", low: 0, high: 3}, {label: "b", key: "b", low: 1, high: 2}],
      default: {a: 2}}),
  ];
  window.answers = [];
  window.ask = (id) => {  // one question on the page at a time, as the page shows them
    const question = questions.find((found) => found.id === id);
    const box = document.getElementById("question");
    box.hidden = false;
    box.replaceChildren(questionForm(question, 0, {
      answer: (value) => window.answers.push([question.id, value]),
      leave: () => window.answers.push([question.id, "left"]),
    }).form);
  };
  document.getElementById("play").hidden = false;
}"""


def test_every_kind_of_question_opens_at_its_default_and_answers_as_the_protocol_takes_it(serve, browser):
    """Each form as the page builds it, submitted untouched: the answer is its default, in the
    shape the table reads (docs/phones.md, "The protocol")."""
    server = serve(new_session("future-imperfect"))
    page = browser.phone(server.address + "/", seated=False)
    page.run(lambda: page.page.evaluate(QUESTIONS))

    def click(question: int, selector: str, **where) -> None:
        page.evaluate(f"window.ask({question})")
        page.run(lambda: page.page.locator(f"#question {selector}", **where).click())

    for question in range(1, 9):
        click(question, "button.primary")
    assert page.evaluate("window.answers") == [
        [1, 2], [2, 0], [3, [0, 2]], [4, [2, 0, 1]], [5, 5], [6, "abc"], [7, False], [8, {"a": 2, "b": 1}],
    ]
    click(4, "li[data-index='1'] .up")  # "two" up one place
    page.run(lambda: page.page.locator("#question button.primary").click())
    click(6, "input")
    page.run(lambda: page.page.locator("#question input").fill("  "))  # no words: no answer
    assert page.run(lambda: page.page.locator("#question button.primary").is_disabled())
    click(7, "button", has_text="Yes")
    click(1, "button.leave")
    assert page.evaluate("window.answers")[8:] == [[4, [2, 1, 0]], [7, True], [1, "left"]]
    assert page.problems == []
