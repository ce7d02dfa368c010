// One WebSocket per seat (docs/protocol.md): frames in, messages out, sequence numbers checked, reconnection.
// The move log comes in tail form (`log=tail`): a frame's view holds only the entries from `log_from` on, and
// this socket puts the whole log back before anyone sees the frame.

const BROADCASTS = new Set(["action", "chat", "room", "round_start", "round_over"]);
const FINAL_CLOSES = new Set([4000, 4001, 4002, 4003, 4401, 4404, 1008]); // do not come back after these

export class RoomSocket extends EventTarget {
  constructor(code, token) {
    super();
    this.code = code;
    this.token = token;
    this.seq = null; // room event number of the last frame applied
    this.nextId = 1;
    this.ws = null;
    this.stopped = false;
    this.retry = 0;
    this.log = []; // the move log as the server last sent it
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = this.token ? `?log=tail&token=${encodeURIComponent(this.token)}` : "?log=tail";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.code)}${query}`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retry = 0;
      this.emit("status", { state: "open" });
    });
    ws.addEventListener("message", (event) => this.receive(event.data));
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      const final = this.stopped || FINAL_CLOSES.has(event.code);
      this.emit("status", { state: final ? "closed" : "reconnecting", code: event.code, reason: event.reason });
      if (!final) {
        const delay = Math.min(10000, 500 * 2 ** this.retry++);
        setTimeout(() => !this.stopped && this.connect(), delay);
      }
    });
  }

  receive(text) {
    let frame;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (frame.type === "snapshot") {
      this.seq = frame.seq;
    } else if (BROADCASTS.has(frame.type)) {
      if (this.seq !== null && frame.seq !== this.seq + 1) {
        this.send("resync"); // a gap: the snapshot that answers brings everything back
        return;
      }
      this.seq = frame.seq;
    }
    this.mergeLog(frame);
    this.emit("frame", frame);
  }

  // A view without `log_from` brings the whole log; with it, the log's first `log_from` entries stay.
  mergeLog(frame) {
    const view = frame.view ?? frame.game?.view;
    if (!view || !Array.isArray(view.log)) return;
    if (Number.isInteger(view.log_from)) {
      view.log = this.log.slice(0, view.log_from).concat(view.log);
      delete view.log_from;
    }
    this.log = view.log;
  }

  send(type, fields = {}) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return null;
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ v: 1, type, id, ...fields }));
    return id;
  }

  close() {
    this.stopped = true;
    if (this.ws) this.ws.close(1000, "page left");
    this.ws = null;
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}
