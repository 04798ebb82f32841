// The socket to the table (docs/phones.md, "The protocol"): pairing, coming back with the seat's
// token, and actions sent with a fresh id and the version of the view they were built on.
//
// A phone on a real Wi-Fi sleeps, switches apps and loses the network, so the link is built for
// coming back rather than for staying up: it reconnects on a dropped socket (with a growing
// pause), at once when the page is shown again or the network returns, and each time it resumes
// with its token and is sent the whole view of now. An action still unanswered when the socket
// dropped is sent again, with the same id: the table takes it once and repeats its reply.

const TOKEN = "actiondeck-token";
const FIRST_PAUSE = 500; // ms before the first reconnection; doubled each try, up to MOST_PAUSE
const MOST_PAUSE = 8000;
// How long a socket may stay silent after the table was asked something before it is taken for
// dead (a phone that wakes up may hold a socket that looks open); an action gets longer, as the
// table may be busy a moment.
const SILENCE = 4000;
const ACTION_SILENCE = 10000;

function lasting() {
  // localStorage where the browser allows it (some private modes refuse it): the page then
  // keeps the token for as long as it is open.
  try {
    localStorage.setItem(`${TOKEN}-probe`, "1");
    localStorage.removeItem(`${TOKEN}-probe`);
    return localStorage;
  } catch {
    const kept = new Map();
    return {
      getItem: (key) => (kept.has(key) ? kept.get(key) : null),
      setItem: (key, value) => kept.set(key, String(value)),
      removeItem: (key) => kept.delete(key),
    };
  }
}

function nonce() {
  // crypto.getRandomValues works on plain HTTP (crypto.randomUUID needs a secure context).
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(36).padStart(2, "0")).join("");
}

export class Link {
  // `on`: {view(feed, version), paired(seat, name), reply(message, action), refused(sentence,
  // when), unpaired(sentence), state(word)}. `state` is "connecting", "open", "join" (no seat:
  // the page asks for a code) or "offline".
  constructor(on) {
    this.on = on;
    this.store = lasting();
    this.socket = null;
    this.version = null; // the version of the last view received
    this.secret = ""; // a pairing secret or code to join with once connected
    this.asking = ""; // "join" or "resume" while its answer is awaited
    this.resumeRefused = false; // the token was refused: not offered again until a reload
    this.pending = null; // the action sent and not yet answered
    this.resend = false; // `pending` goes again once the view of now has come
    this.tries = 0;
    this.timer = 0;
    this.watch = 0;
    this.ids = 0;
    this.prefix = `p${nonce()}`;
  }

  get token() {
    return this.store.getItem(TOKEN);
  }

  start(secret) {
    this.secret = secret || "";
    const soon = () => this.wake();
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") soon();
    });
    window.addEventListener("pageshow", (event) => { if (event.persisted) soon(); });
    window.addEventListener("online", soon);
    window.addEventListener("focus", soon);
    this.connect();
  }

  // ---- the socket ----------------------------------------------------------------------------

  connect() {
    clearTimeout(this.timer);
    this.timer = 0;
    if (this.socket) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws`);
    this.socket = socket;
    this.on.state("connecting");
    socket.onopen = () => {
      if (socket === this.socket) this.hello();
    };
    socket.onmessage = (event) => {
      if (socket !== this.socket) return;
      this.heard();
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.read(message);
    };
    socket.onclose = () => {
      if (socket === this.socket) this.lost();
    };
  }

  lost() {
    // The socket is gone (closed by the table, by the network, or found dead): try again.
    const socket = this.socket;
    this.socket = null;
    this.heard();
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = null;
      try {
        socket.close();
      } catch {
        // already closed
      }
    }
    if (this.pending) this.resend = true;
    this.asking = "";
    this.on.state("offline");
    const pause = Math.min(MOST_PAUSE, FIRST_PAUSE * 2 ** this.tries);
    this.tries += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), pause * (0.75 + Math.random() / 2));
  }

  wake() {
    // The page is shown again (after a sleep, another app) or the network came back: a socket
    // that looks open may be dead, so the table is asked for the view of now and the socket is
    // given up if it stays silent.
    if (!this.socket) {
      this.tries = 0;
      this.connect();
    } else if (this.socket.readyState === WebSocket.OPEN && this.seated()) {
      this.send({type: "look"});
      this.expect();
    }
  }

  expect(silence = SILENCE) {
    clearTimeout(this.watch);
    this.watch = setTimeout(() => this.lost(), silence);
  }

  heard() {
    clearTimeout(this.watch);
    this.watch = 0;
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  seated() {
    return this.version !== null;
  }

  // ---- joining and coming back ---------------------------------------------------------------

  hello() {
    if (this.secret) {
      this.asking = "join";
      this.send({type: "join", secret: this.secret});
      this.expect();
    } else if (this.token && !this.resumeRefused) {
      this.asking = "resume";
      this.send({type: "resume", token: this.token});
      this.expect();
    } else {
      this.on.state("join");
    }
  }

  join(code) {
    this.secret = code;
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.hello();
    else {
      this.tries = 0;
      this.connect();
    }
  }

  read(message) {
    switch (message.type) {
      case "paired":
        this.store.setItem(TOKEN, message.token);
        this.secret = "";
        this.resumeRefused = false;
        this.on.paired(message.seat, message.name);
        break;
      case "view":
        this.asking = "";
        this.tries = 0;
        this.version = message.version;
        this.on.state("open");
        this.on.view(message.feed, message.version);
        if (this.resend && this.pending) {
          this.resend = false;
          this.send(this.pending);
          this.expect(ACTION_SILENCE);
        }
        break;
      case "taken":
      case "refused":
        if (message.id && this.pending && message.id === this.pending.id) {
          const action = this.pending;
          this.pending = null;
          this.resend = false;
          this.on.reply(message, action);
          // A refused action may have been built on a view that never reached this phone (a
          // message lost on the way): the table is asked for the view of now.
          if (message.type === "refused") this.send({type: "look"});
        } else if (message.type === "refused") {
          this.refusedHello(message.sentence);
        }
        break;
      case "unpaired":
        this.store.removeItem(TOKEN);
        this.version = null;
        this.pending = null;
        this.resumeRefused = true;
        this.on.unpaired(message.sentence);
        break;
      default:
        break;
    }
  }

  refusedHello(sentence) {
    const asked = this.asking;
    this.asking = "";
    if (asked === "join") {
      this.secret = "";
      if (this.token && !this.resumeRefused && !this.seated()) {
        // A used or expired pairing address, on a phone that holds a seat already: back to it.
        this.on.refused(sentence, "join");
        this.hello();
        return;
      }
      this.on.refused(sentence, "join");
      if (!this.seated()) this.on.state("join");
    } else if (asked === "resume") {
      this.resumeRefused = true;
      this.version = null;
      this.on.refused(sentence, "join");
      this.on.state("join");
    } else {
      this.on.refused(sentence, "");
    }
  }

  // ---- actions -------------------------------------------------------------------------------

  busy() {
    return this.pending !== null;
  }

  act(fields) {
    // Sends an action built on the view last received; false when one is still on its way.
    if (this.pending || !this.seated()) return false;
    this.ids += 1;
    this.pending = {...fields, id: `${this.prefix}-${this.ids}`, version: this.version};
    if (this.send(this.pending)) this.expect(ACTION_SILENCE);
    else this.resend = true;
    return true;
  }
}
