// The seat's zones as cards, from the feed's `view` (what the seat may see: a card it may not see
// is null, a back) and `table` (each zone's title, role, owner and layout; counters; the seats'
// marks). Nothing here knows a game: every word on a card or a zone is the feed's.

import {el} from "./dom.js";

const SHOWN_OF_A_PILE = 1; // a pile shows its top card and its count
const TONES = new Set(["gold", "red", "blue", "grey", "green", "purple", "plain"]);
const ROLE_ORDER = ["hand", "track", "play", "display", "pile", "deck", "discard", "trash"];
// A deck, a discard pile or cards put away, when the seat sees more of its cards than this, is
// folded under its title until the player opens it: the hand and what is in play come first.
const FOLDED_ROLES = new Set(["deck", "discard", "trash"]);
const FOLDED_PAST = 3;
const unfolded = new Set(); // the zones the player opened, kept across views

function tone(name) {
  return TONES.has(name) ? name : "plain";
}

function capitalised(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

export function zoneTitle(spec, underItsSeat) {
  // A zone's title as a phone has room for: its name and its first detail (a count), without
  // the details after it (the shared screen's hints about dragging), and without its owner when
  // it is shown under its seat's name.
  const parts = spec.parts;
  if (!parts) return spec.title;
  const owner = underItsSeat ? "" : parts.owner;
  const name = owner ? parts.name : capitalised(parts.name);
  return owner + name + (parts.details.length ? parts.details[0] : "");
}

function seatName(view, id) {
  const seat = view.seats.find((entry) => entry.id === id) || view.entities.find((entry) => entry.id === id);
  return seat ? seat.name : id;
}

// ---- one card -----------------------------------------------------------------------------

function faceOf(feed, seen) {
  return seen ? feed.view.faces[seen.face] || null : null;
}

function marksOf(feed, seen) {
  return (seen && feed.view.marks[seen.id]) || null;
}

function backOf(feed, spec, index) {
  const key = spec.backs && spec.backs[index];
  return (key && feed.table.backs[key]) || null;
}

function cardBack(back, count) {
  const tile = el("div", {class: `card back tone-${tone(back ? back.tone : "plain")}`, "aria-hidden": "true"},
    el("span", {class: "back-label"}, back ? back.label : ""));
  if (count) tile.append(el("span", {class: "count"}, `×${count}`));
  return tile;
}

function cardTile(feed, seen, {slot = "", count = 0, current = false, read}) {
  const face = faceOf(feed, seen);
  const marks = marksOf(feed, seen);
  if (!face) return cardBack(null, count);
  const first = face.fields.find((field) => field.style === "text") || face.fields[0];
  const tile = el("button", {type: "button", class: `card face tone-${tone(face.tone)}`},
    el("span", {class: "band"}, el("span", {class: "title"}, face.title)),
    face.kind ? el("span", {class: "kind"}, face.kind) : null,
    first ? el("span", {class: "text"}, first.text) : null);
  if (marks && marks.face_up === false) tile.classList.add("turned");
  const badges = [];
  if (slot !== "") badges.push(el("span", {class: "slot"}, slot));
  if (marks && marks.tokens) badges.push(el("span", {class: "tokens"}, `● ${marks.tokens}`));
  if (count) badges.push(el("span", {class: "count"}, `×${count}`));
  if (badges.length) tile.append(el("span", {class: "badges"}, ...badges));
  if (marks && marks.caption) tile.append(el("span", {class: "caption"}, marks.caption));
  if (current) tile.classList.add("current");
  tile.addEventListener("click", () => read(face, marks));
  return tile;
}

// ---- one zone -----------------------------------------------------------------------------

function trackOf(feed, spec) {
  return spec.track ? feed.table.tracks.find((mark) => mark.track === spec.track) || null : null;
}

function zoneCards(feed, spec, seen, read) {
  const cards = seen.cards;
  if (!cards.length) return [];
  if (cards.every((card) => card === null)) {
    // Cards the seat may not see (another seat's hand, a deck): one back and how many.
    return [cardBack(backOf(feed, spec, cards.length - 1), cards.length)];
  }
  if (spec.layout === "pile" && cards.length > SHOWN_OF_A_PILE) {
    const top = cards[cards.length - 1]; // drawn last, on top
    return [top ? cardTile(feed, top, {count: cards.length, read})
      : cardBack(backOf(feed, spec, cards.length - 1), cards.length)];
  }
  const mark = trackOf(feed, spec);
  const placed = cards.map((card, index) => ({card, index, slot: marksOf(feed, card)?.slot ?? null}));
  if (spec.slots) placed.sort((a, b) => (a.slot ?? 1e9) - (b.slot ?? 1e9));
  return placed.map(({card, index, slot}) => {
    if (!card) return cardBack(backOf(feed, spec, index), 0);
    const label = spec.slots && slot !== null ? (mark && mark.labels[slot]) || String(slot) : "";
    return cardTile(feed, card, {slot: label, current: mark !== null && slot === mark.current, read});
  });
}

function zoneBox(feed, spec, underItsSeat, read) {
  const seen = feed.view.zones[spec.zone];
  if (!seen) return null;
  const cards = zoneCards(feed, spec, seen, read);
  const box = el("section", {class: `zone role-${spec.role} layout-${spec.layout}`, "data-zone": spec.zone},
    el("h3", {}, zoneTitle(spec, underItsSeat)));
  if (spec.inactive) box.classList.add("inactive");
  const mark = trackOf(feed, spec);
  if (mark && mark.note && mark.acting.includes(spec.zone)) box.classList.add("acting");
  if (!cards.length) {
    box.classList.add("empty");
    return box;
  }
  const row = el("div", {class: "cards"}, ...cards);
  if (!FOLDED_ROLES.has(spec.role) || cards.length <= FOLDED_PAST) {
    box.append(row);
    return box;
  }
  const title = box.firstChild;
  const folded = el("details", {class: "fold", open: unfolded.has(spec.zone)}, el("summary", {}, title), row);
  folded.addEventListener("toggle", () => {
    if (folded.open) unfolded.add(spec.zone);
    else unfolded.delete(spec.zone);
  });
  box.replaceChildren(folded);
  return box;
}

function ordered(specs) {
  const rank = (spec) => {
    const found = ROLE_ORDER.indexOf(spec.role);
    return found < 0 ? ROLE_ORDER.length : found;
  };
  return specs.map((spec, index) => ({spec, index}))
    .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
    .map(({spec}) => spec);
}

// ---- counters and seats --------------------------------------------------------------------

function countersOf(feed, seat) {
  // A seat's counters and those of what it controls (a character), shown by their labels.
  const chips = [];
  for (const spec of feed.table.counters) {
    if (spec.entity !== seat && spec.seat !== seat) continue;
    if (spec.flag) {
      if (spec.value) chips.push(el("span", {class: "chip flag"}, spec.label));
      continue;
    }
    const whose = spec.entity !== seat ? `${seatName(feed.view, spec.entity)} · ` : "";
    chips.push(el("span", {class: "chip"}, `${whose}${spec.label} `, el("b", {}, String(spec.value))));
  }
  return chips.length ? el("div", {class: "counters"}, ...chips) : null;
}

function marksLine(feed, seat) {
  const marks = (feed.table.marks && feed.table.marks[seat]) || [];
  return marks.map((mark) => el("span", {class: `mark mark-${mark === "turn" ? "turn" : "word"}`},
    mark === "turn" ? "▶" : mark));
}

function statusLine(feed, seat) {
  const line = feed.table.status && feed.table.status[seat];
  return line ? el("p", {class: "seat-status"}, line) : null;
}

// ---- the whole board ------------------------------------------------------------------------

export function showBoard(feed, places, read) {
  const me = feed.seat;
  const specs = feed.table.zones;
  const ownerOf = (spec) => spec.seat;

  const mine = ordered(specs.filter((spec) => ownerOf(spec) === me));
  places.mine.replaceChildren(
    el("h2", {}, feed.name, ...marksLine(feed, me)),
    ...[statusLine(feed, me), countersOf(feed, me)].filter(Boolean),
    ...mine.map((spec) => zoneBox(feed, spec, true, read)).filter(Boolean));

  const shared = specs.filter((spec) => ownerOf(spec) === null || ownerOf(spec) === undefined);
  places.shared.replaceChildren(...shared.map((spec) => zoneBox(feed, spec, false, read)).filter(Boolean));
  places.shared.hidden = shared.length === 0;

  const open = new Set(Array.from(places.others.querySelectorAll("details[open]"), (node) => node.dataset.seat));
  const others = feed.view.seats.filter((seat) => seat.id !== me).map((seat) => {
    const heading = [el("span", {class: "seat-name"}, seat.name), ...marksLine(feed, seat.id), statusLine(feed, seat.id)];
    const inside = [countersOf(feed, seat.id),
      ...specs.filter((spec) => ownerOf(spec) === seat.id).map((spec) => zoneBox(feed, spec, true, read))].filter(Boolean);
    if (!inside.length) return el("div", {class: "seat", "data-seat": seat.id}, ...heading);
    const details = el("details", {class: "seat", "data-seat": seat.id}, el("summary", {}, ...heading), ...inside);
    if (open.has(seat.id)) details.open = true;
    return details;
  });
  places.others.replaceChildren(...others);
}

// ---- a card read large -----------------------------------------------------------------------

export function faceLarge(face, marks) {
  const fields = face.fields.map((field) => el("p", {class: `field field-${field.style}`},
    field.label ? el("b", {}, `${field.label} `) : null, field.text));
  const notes = [];
  if (marks && marks.tokens) notes.push(el("span", {class: "chip"}, `● ${marks.tokens}`));
  if (marks && marks.caption) notes.push(el("span", {class: "chip"}, marks.caption));
  // The kind under the title, unless the first field says it already.
  const said = face.fields.length && face.fields[0].text.toLowerCase() === face.kind.toLowerCase();
  return el("article", {class: `large tone-${tone(face.tone)}`},
    el("h2", {class: "band", id: "card-title"}, face.title),
    face.kind && !said ? el("p", {class: "kind"}, face.kind) : null,
    ...fields,
    notes.length ? el("p", {class: "notes"}, ...notes) : null);
}
