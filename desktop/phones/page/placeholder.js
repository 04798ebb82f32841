// A placeholder phone page: pairs, comes back with its token, shows the seat's state, takes
// offers and answers confirm and choice questions. The phone page proper replaces it.
"use strict";
const KEY = "actiondeck-token";
let socket = null, view = null, sent = 0;
const $ = (id) => document.getElementById(id);
const secret = location.pathname.startsWith("/join/") ? location.pathname.slice(6) : "";
if (secret) history.replaceState(null, "", "/");

function send(message) { if (socket && socket.readyState === 1) socket.send(JSON.stringify(message)); }
function act(message) { send({...message, id: `p${Date.now()}-${sent++}`, version: view.version}); }

function connect() {
  socket = new WebSocket(`ws://${location.host}/ws`);
  socket.onopen = () => {
    const token = localStorage.getItem(KEY);
    if (secret && !view) send({type: "join", secret});
    else if (token) send({type: "resume", token});
    else { $("says").textContent = "Type the seat's code."; $("join").hidden = false; }
  };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "paired") { localStorage.setItem(KEY, message.token); $("join").hidden = true; }
    else if (message.type === "unpaired") { localStorage.removeItem(KEY); $("says").textContent = message.sentence; }
    else if (message.type === "refused") { $("says").textContent = message.sentence; }
    else if (message.type === "view") { view = message; show(message.feed); }
  };
  socket.onclose = () => setTimeout(connect, 2000);
}

function show(feed) {
  $("title").textContent = feed.name;
  $("says").textContent = feed.says;
  $("offers").replaceChildren(...feed.offers.map((offer) => {
    const item = document.createElement("li"), button = document.createElement("button");
    button.textContent = offer.label;
    button.onclick = () => act({type: "take", offer: offer.index});
    item.append(button);
    return item;
  }));
  $("questions").replaceChildren(...feed.questions.map((question) => {
    const box = document.createElement("section");
    box.append(Object.assign(document.createElement("p"), {textContent: question.text}));
    const answers = question.kind === "confirm" ? [["Yes", true], ["No", false]]
      : question.options.map((option, index) => [option.label, index]);
    for (const [label, value] of answers) {
      const button = Object.assign(document.createElement("button"), {textContent: label});
      button.onclick = () => act({type: "answer", question: question.id, value});
      box.append(button, " ");
    }
    const leave = Object.assign(document.createElement("button"), {textContent: "Leave it"});
    leave.onclick = () => act({type: "cancel", question: question.id});
    box.append(leave);
    return box;
  }));
  $("log").replaceChildren(...feed.log.slice(-8).map((line) => Object.assign(document.createElement("li"), {textContent: line})));
}

$("join").onsubmit = (event) => { event.preventDefault(); send({type: "join", secret: $("code").value}); };
document.addEventListener("visibilitychange", () => { if (!document.hidden && (!socket || socket.readyState > 1)) connect(); });
connect();
