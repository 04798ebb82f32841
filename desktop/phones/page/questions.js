// One open question as a form, the way the shared screen's question dialog asks it: opened at
// its default, Submit (the default button) answers, Leave drops the move. The answer is given as
// the protocol takes it (docs/phones.md, "The protocol"): an entry by its index, Yes or No, a
// whole number, a few words, indices in an order or a subset, counts by their key.

import {el} from "./dom.js";

const LONG_TEXT = 80; // a text allowed more than this gets a box of several lines

function chosenAt(question) {
  const found = question.default;
  return Number.isInteger(found) && found >= 0 && found < question.options.length ? found : 0;
}

function choiceField(question, name, cards) {
  // A card asked for by its name can be read large from the list, as on the table.
  const start = chosenAt(question);
  const list = el("div", {class: "options", role: "radiogroup", "aria-label": question.text});
  question.options.forEach((option, index) => {
    const choice = el("label", {class: "option"},
      el("input", {type: "radio", name, value: String(index), checked: index === start}),
      el("span", {}, option.label));
    const face = question.kind === "card" && cards ? cards.faceNamed(option.label) : null;
    if (!face) {
      list.append(choice);
      return;
    }
    const read = el("button", {type: "button", class: "step read", "aria-label": `Read ${option.label}`}, "i");
    read.addEventListener("click", () => cards.read(face, null));
    list.append(el("div", {class: "option-row"}, choice, read));
  });
  const read = () => {
    const picked = list.querySelector("input:checked");
    return picked ? Number(picked.value) : undefined;
  };
  return {field: list, read};
}

function subsetField(question, name) {
  const ticked = new Set(Array.isArray(question.default) ? question.default : []);
  const list = el("div", {class: "options", role: "group", "aria-label": question.text});
  question.options.forEach((option, index) => {
    list.append(el("label", {class: "option"},
      el("input", {type: "checkbox", name, value: String(index), checked: ticked.has(index)}),
      el("span", {}, option.label)));
  });
  const read = () => Array.from(list.querySelectorAll("input:checked"), (box) => Number(box.value));
  return {field: list, read};
}

function orderField(question) {
  const count = question.options.length;
  const given = Array.isArray(question.default) ? question.default : [];
  const order = given.length === count ? [...given] : question.options.map((_, index) => index);
  const list = el("ol", {class: "order"});
  const draw = (moved, by) => {
    list.replaceChildren(...order.map((index, place) => {
      const up = el("button", {type: "button", class: "step move up", "aria-label": "Move up", disabled: place === 0}, "▲");
      const down = el("button", {type: "button", class: "step move down", "aria-label": "Move down", disabled: place === count - 1}, "▼");
      up.addEventListener("click", () => move(place, -1));
      down.addEventListener("click", () => move(place, 1));
      return el("li", {"data-index": String(index)}, el("span", {}, question.options[index].label), up, down);
    }));
    // The moved entry keeps the focus, on the same arrow where it still can move that way.
    if (moved !== undefined) list.children[moved]?.querySelector(by < 0 ? ".up" : ".down")?.focus();
  };
  const move = (place, by) => {
    const to = place + by;
    if (to < 0 || to >= count) return;
    [order[place], order[to]] = [order[to], order[place]];
    draw(to, by);
  };
  draw();
  return {field: list, read: () => [...order], redraw: () => draw()};
}

function stepper(value, low, high, label, onChange) {
  const input = el("input", {type: "number", inputmode: "numeric", min: String(low), max: String(high),
    step: "1", value: String(value), "aria-label": label});
  const nudge = (by) => {
    const now = Number.parseInt(input.value, 10);
    const next = Math.min(high, Math.max(low, (Number.isNaN(now) ? low : now) + by));
    input.value = String(next);
    onChange();
  };
  const less = el("button", {type: "button", class: "step", "aria-label": `${label}: one less`}, "−");
  const more = el("button", {type: "button", class: "step", "aria-label": `${label}: one more`}, "+");
  less.addEventListener("click", () => nudge(-1));
  more.addEventListener("click", () => nudge(1));
  input.addEventListener("input", onChange);
  const read = () => {
    const text = input.value.trim();
    return /^-?\d+$/.test(text) ? Number.parseInt(text, 10) : undefined;
  };
  return {box: el("div", {class: "stepper"}, less, input, more), read};
}

function numberField(question, changed) {
  const start = Number.isInteger(question.default) ? question.default : question.low;
  const {box, read} = stepper(start, question.low, question.high, question.text, changed);
  return {field: el("div", {class: "number"}, box, el("p", {class: "bounds"}, `From ${question.low} to ${question.high}`)), read};
}

function countsField(question, changed) {
  const given = question.default && typeof question.default === "object" ? question.default : {};
  const rows = question.options.map((option) => {
    const start = Number.isInteger(given[option.key]) ? given[option.key] : option.low;
    const {box, read} = stepper(start, option.low, option.high, option.label, changed);
    return {key: option.key, read, row: el("div", {class: "count-row"}, el("span", {class: "count-label"}, option.label), box)};
  });
  const read = () => {
    const value = {};
    for (const row of rows) {
      const number = row.read();
      if (number === undefined) return undefined;
      value[row.key] = number;
    }
    return value;
  };
  return {field: el("div", {class: "counts"}, ...rows.map((row) => row.row)), read};
}

function textField(question, changed) {
  const limit = question.limit > 0 ? question.limit : 200;
  const start = typeof question.default === "string" ? question.default : "";
  const attributes = {maxlength: String(limit), "aria-label": question.text, autocomplete: "off"};
  const input = limit > LONG_TEXT ? el("textarea", {...attributes, rows: "3"}) : el("input", {...attributes, type: "text"});
  input.value = start;
  const left = el("p", {class: "bounds"});
  const update = () => {
    left.textContent = `${input.value.length} of ${limit}`;
    changed();
  };
  input.addEventListener("input", update);
  update();
  const read = () => {
    const text = input.value.trim();
    return text ? text : undefined; // the rules never ask for an empty text
  };
  return {field: el("div", {class: "text"}, input, left), read};
}

// The form for `question`; `more`: how many other questions wait; `act`: {answer(value), leave()};
// `cards`: {faceNamed(label), read(face, marks)}, to read a card a question names.
// Returns {form, wait(flag)}: while an answer is on its way the form's buttons wait, and the form
// stays as the player left it.
export function questionForm(question, more, act, cards = null) {
  const name = `q${question.id}`;
  const form = el("form", {class: `question-form kind-${question.kind}`, "data-question": String(question.id), novalidate: true});
  const leave = el("button", {type: "button", class: "leave"}, "Leave");
  const buttons = el("div", {class: "buttons"});
  let waiting = false;
  let read = () => undefined;
  let field = null;
  let submit = null;
  let redraw = () => {};
  const sync = () => {
    for (const button of form.querySelectorAll("button")) {
      if (waiting) button.disabled = true;
      else if (!button.classList.contains("move")) button.disabled = false;
    }
    if (!waiting) redraw();
    if (submit && !waiting) submit.disabled = read() === undefined;
  };

  if (question.kind === "confirm" || question.preface) {
    // Yes and No answer at once, as the dialog's buttons do; the default is the strong one.
    const yesFirst = question.default !== false;
    const yes = el("button", {type: "button", class: yesFirst ? "primary" : ""}, "Yes");
    const no = el("button", {type: "button", class: yesFirst ? "" : "primary"}, "No");
    yes.addEventListener("click", () => act.answer(true));
    no.addEventListener("click", () => act.answer(false));
    buttons.append(yes, no, leave);
  } else {
    let made;
    if (question.kind === "subset") made = subsetField(question, name);
    else if (question.kind === "order") made = orderField(question);
    else if (question.kind === "number") made = numberField(question, () => sync());
    else if (question.kind === "text") made = textField(question, () => sync());
    else if (question.kind === "counts") made = countsField(question, () => sync());
    else made = choiceField(question, name, cards); // seat, card, choice
    field = made.field;
    read = made.read;
    redraw = made.redraw || redraw;
    submit = el("button", {type: "submit", class: "primary"}, "Submit");
    buttons.append(submit, leave);
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const value = read();
    if (!waiting && value !== undefined) act.answer(value);
  });
  leave.addEventListener("click", () => act.leave());

  if (question.title) form.append(el("p", {class: "move"}, question.title));
  if (question.answered && question.answered.length) {
    form.append(el("dl", {class: "answered"},
      ...question.answered.flatMap(([asked, said]) => [el("dt", {}, asked), el("dd", {}, said)])));
  }
  form.append(el("h2", {class: "asked"}, question.text));
  if (field) form.append(field);
  form.append(buttons);
  if (more > 0) {
    form.append(el("p", {class: "more"},
      more === 1 ? "One more question waits after this one." : `${more} more questions wait after this one.`));
  }
  sync();
  return {form, wait: (flag) => { waiting = flag; form.classList.toggle("waiting", flag); sync(); }};
}
