// The phone page (docs/phones.md, "The phone page"): one seat's view of the table, what it may do
// now, its questions one at a time, and a short log. Every word about the game comes from the
// seat's feed; the page only lays it out, and sends what the player chose by its place in the
// view it was shown.

import {faceLarge, showBoard} from "./cards.js";
import {el} from "./dom.js";
import {Link} from "./link.js";
import {questionForm} from "./questions.js";

const $ = (id) => document.getElementById(id);
const BUZZ = [120, 80, 120]; // ms: a short double buzz when the seat comes to have something to do
const LINK_WORDS = {
  connecting: "Connecting to the table…",
  offline: "Not connected: trying again…",
  open: "",
  join: "",
};

const page = {
  feed: null,
  asked: null, // the question on screen: {id, form, wait}
  acting: false, // the seat had something to do at the last view
  waiting: false, // an action is on its way
};

const link = new Link({view: shown, paired, reply, refused, unpaired, state});

// ---- the state at the top --------------------------------------------------------------------

function state(word) {
  const strip = $("link");
  strip.textContent = LINK_WORDS[word] || "";
  strip.className = `link-${word}`;
  strip.hidden = !LINK_WORDS[word] || !page.feed; // before the first view, the header says it
  if (word === "join") showJoin();
  else if (!page.feed && word !== "open") $("says").textContent = LINK_WORDS[word];
}

function header(feed) {
  $("top").className = `status-${feed.status}`;
  $("seat").textContent = feed.name;
  $("says").textContent = feed.says;
  document.title = `${feed.name}: ${feed.says}`;
}

function buzz(feed) {
  // A gentle vibration when the seat comes to have something to do (its turn, a question, a
  // window to answer), where the browser allows it (Android's Chrome, once the page was
  // touched; never iOS Safari).
  const acting = feed.status !== "wait";
  const allowed = navigator.vibrate && (!navigator.userActivation || navigator.userActivation.hasBeenActive);
  if (acting && !page.acting && document.visibilityState === "visible" && allowed) {
    try {
      navigator.vibrate(BUZZ);
    } catch {
      // not allowed here
    }
  }
  page.acting = acting;
}

// ---- joining --------------------------------------------------------------------------------

function showJoin() {
  page.feed = null;
  page.asked = null;
  $("play").hidden = true;
  $("join").hidden = false;
  $("top").className = "status-none";
  $("seat").textContent = "Action Deck";
  $("says").textContent = "Not at the table yet.";
  document.title = "Action Deck";
  $("join-button").disabled = false;
}

$("join").addEventListener("submit", (event) => {
  event.preventDefault();
  const code = $("code").value.trim();
  if (!code) return;
  $("join-button").disabled = true;
  hideNotice();
  link.join(code);
});

function paired(seat, name) {
  $("join").hidden = true;
  $("code").value = "";
  $("seat").textContent = name;
}

function unpaired(sentence) {
  showJoin();
  notice(sentence);
}

// ---- notices: a refusal in the table's own words -------------------------------------------------

function notice(sentence) {
  $("notice-text").textContent = sentence;
  $("notice").hidden = false;
}

function hideNotice() {
  $("notice").hidden = true;
}

$("notice-close").addEventListener("click", hideNotice);

function refused(sentence, when) {
  notice(sentence);
  if (when === "join") $("join-button").disabled = false;
}

// ---- acting ----------------------------------------------------------------------------------

function act(fields) {
  if (!link.act(fields)) return;
  hideNotice();
  waiting(true);
}

function waiting(flag) {
  page.waiting = flag;
  document.body.classList.toggle("waiting", flag);
  for (const button of $("offers").querySelectorAll("button")) button.disabled = flag;
  if (page.asked) page.asked.wait(flag);
}

function reply(message) {
  waiting(false);
  if (message.type === "refused") notice(message.sentence);
}

// ---- the view of now ---------------------------------------------------------------------------

function shown(feed) {
  page.feed = feed;
  $("join").hidden = true;
  $("play").hidden = false;
  header(feed);
  buzz(feed);
  showQuestion(feed);
  showOffers(feed);
  $("headline").textContent = feed.table.headline;
  $("banner").textContent = feed.table.banner;
  $("banner").hidden = !feed.table.banner;
  showBoard(feed, {mine: $("mine"), shared: $("shared"), others: $("others")}, readCard);
  $("log").replaceChildren(...[...feed.log].reverse().map((line) => el("li", {}, line)));
  $("log-box").hidden = feed.log.length === 0;
  waiting(link.busy());
  keepAwake();
}

function showQuestion(feed) {
  const box = $("question");
  const question = feed.questions[0];
  if (!question) {
    page.asked = null;
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  box.hidden = false;
  if (page.asked && page.asked.id === question.id) return; // the same question: left as the player set it
  const made = questionForm(question, feed.questions.length - 1, {
    answer: (value) => act({type: "answer", question: question.id, value}),
    leave: () => act({type: "cancel", question: question.id}),
  }, {faceNamed, read: readCard});
  page.asked = {id: question.id, ...made};
  box.replaceChildren(made.form);
}

function showOffers(feed) {
  // What the seat may do now; hidden while it answers a question (one thing at a time, as the
  // shared screen's dialog).
  const box = $("offers-box");
  const offers = feed.questions.length ? [] : feed.offers;
  box.hidden = offers.length === 0;
  const button = (offer) => {
    const made = el("button", {type: "button", class: offer.mine ? "offer own" : "offer table", "data-offer": String(offer.index)}, offer.label);
    made.addEventListener("click", () => act({type: "take", offer: offer.index}));
    return made;
  };
  const own = offers.filter((offer) => offer.mine).map(button);
  const table = offers.filter((offer) => !offer.mine).map(button);
  $("offers").replaceChildren(...own, ...(table.length ? [el("h3", {}, "At the table"), ...table] : []));
}

// ---- a card read large -------------------------------------------------------------------------

function faceNamed(title) {
  // The face of a card the seat sees, by its title (a question lists cards by their names).
  const faces = page.feed ? Object.values(page.feed.view.faces) : [];
  return faces.find((face) => face.title === title) || null;
}

const dialog = $("card");

function readCard(face, marks) {
  $("card-face").replaceChildren(faceLarge(face, marks));
  if (typeof dialog.showModal === "function") dialog.showModal();
  else dialog.setAttribute("open", "");
}

function closeCard() {
  if (typeof dialog.close === "function") dialog.close();
  else dialog.removeAttribute("open");
}

$("card-close").addEventListener("click", closeCard);
dialog.addEventListener("click", (event) => {
  if (event.target === dialog) closeCard(); // a tap beside the card
});

// ---- the screen kept on where the browser allows it -------------------------------------------

let lock = null;

function keepAwake() {
  // The Wake Lock API exists only on secure pages (HTTPS, localhost): on the table's plain HTTP
  // address a phone's screen sleeps as usual, and the page comes back when it wakes.
  if (lock || !("wakeLock" in navigator) || document.visibilityState !== "visible") return;
  navigator.wakeLock.request("screen").then((held) => {
    lock = held;
    held.addEventListener("release", () => { lock = null; });
  }).catch(() => {});
}

// ---- starting -------------------------------------------------------------------------------

function secretOfAddress() {
  // A pairing address (/join/<secret>) is used once: the address bar goes back to the page's
  // own, so that a reload comes back with the token rather than the spent secret.
  const found = location.pathname.match(/^\/join\/([^/]+)\/?$/);
  if (!found) return "";
  history.replaceState(null, "", "/");
  try {
    return decodeURIComponent(found[1]);
  } catch {
    return found[1];
  }
}

link.start(secretOfAddress());
