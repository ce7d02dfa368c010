// The fast load client of bench/load.py (`--client node`): the same bots as its Python clients, in Node.js, so
// that the load generator costs little CPU beside the servers it measures (as wrk is written in C).
//
//   node bench/loadclient/client.js '<options JSON>'
//
// options: {"rooms": [[seed, "host:port"], ...], "preset": "standard", "players": 4, "humans": 1, "agent": "normal",
//           "think_ms": [3000, 8000], "log": "tail"}
// (humans: the first seats of each room, played by this client; the others are the server's computer players,
// at level `agent`; think_ms: the thinking time's range, uniform, in milliseconds)
//
// The conversation with load.py, one line each way on stdin / stdout:
//   stdout  {"ready": <seats>}                   every room created, every seat connected, every room started
//   stdin   {"stop_at": <unix seconds>}          measure from now until then
//   stdout  {"moves": n, "human_moves": n, "computer_moves": n, "games": n, "errors": n,
//            "latencies": [seconds, ...]}   and exit
// Errors go to stderr, with a non-zero exit code.
//
// Each seat is its own WebSocket; on its turn it waits a time drawn uniformly from think_ms, then sends a
// uniformly random legal action and times the broadcast of that very move (latency = from sending the move to
// receiving the `action` frame of its round and turn: the clients' moves only). One seat per room (the host's)
// counts the room's moves (the clients' and the computers' apart, by the frame's `by`) and games, and asks for a
// rematch when a game ends.
"use strict";

const readline = require("node:readline");
const WebSocket = require("ws");

const SETUP_CONCURRENCY = 32;
const ACTION = /^\{"v":1,"type":"action","seq":\d+,"round":(\d+),"turn":(\d+),(?:"player":(?:\d+|null),"by":"(\w+)")?/;
const TO_MOVE = /"to_move":(\d+|null)/;
const YOU_SEAT = /"you_seat":(\d+|null)/;

// A small seeded generator (mulberry32): each seat's choices repeat from run to run, like the Python bots'.
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function limited(items, work) {
  // Run work(item) for every item, at most SETUP_CONCURRENCY at a time (the server's accept queue is finite).
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  }
  await Promise.all(Array.from({ length: Math.min(SETUP_CONCURRENCY, items.length) }, worker));
  return results;
}

async function post(url, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${url}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

async function makeRoom(options, seed, base) {
  const seats = Array.from({ length: options.players }, (_, player) =>
    player < options.humans ? { kind: "human" } : { kind: "bot", agent: options.agent },
  );
  const body = { preset: options.preset, seats, host_name: "load0", seed, listed: false, spectators: false };
  const ticket = await post(`http://${base}/api/rooms`, body);
  const room = [{ base, code: ticket.code, token: ticket.token, counts: true, rng: generator(seed) }];
  for (let player = 1; player < options.humans; player++) {
    const joined = await post(`http://${base}/api/rooms/${ticket.code}/join`, { name: `load${player}` });
    room.push({ base, code: ticket.code, token: joined.token, counts: false, rng: generator(seed * 31 + player) });
  }
  return room;
}

function open(seat) {
  return new Promise((resolve, reject) => {
    // log: "tail" as the web page asks (each frame carries the move log's new entries only) or "full"
    const ws = new WebSocket(`ws://${seat.base}/ws/${seat.code}?token=${seat.token}&log=${seat.log}`, {
      maxPayload: 2 ** 22,
      perMessageDeflate: false,
      skipUTF8Validation: true, // the server is trusted here; checking ~10 KB of frames per move costs CPU
    });
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

function play(seat, stats, think, state) {
  // Read frames; on this seat's turn, think (think[0] to think[1] ms), then send a random legal move and time its
  // broadcast.
  seat.sent = null;
  seat.ws.on("message", (data, isBinary) => {
    const received = performance.now();
    if (isBinary) return;
    const text = data.toString();
    const head = ACTION.exec(text);
    let game = null;
    if (head !== null) {
      // Most frames: another seat's turn; read four numbers, not the whole view.
      const round = Number(head[1]);
      const turn = Number(head[2]);
      if (seat.sent !== null && seat.sent[0] === round && seat.sent[1] === turn) {
        if (state.measuring) stats.latencies.push((received - seat.sentAt) / 1000);
        seat.sent = null;
      }
      if (seat.counts && state.measuring) {
        stats.moves++;
        if (head[3] === "player") stats.human_moves++;
        else if (head[3] === "bot") stats.computer_moves++;
      }
      const toMove = TO_MOVE.exec(text);
      const youSeat = YOU_SEAT.exec(text);
      if (toMove === null || youSeat === null || youSeat[1] === "null" || toMove[1] !== youSeat[1]) return;
      const frame = JSON.parse(text);
      game = { round: frame.round, turn: frame.turn, view: frame.view, you_seat: frame.you_seat };
    } else {
      const frame = JSON.parse(text);
      if (frame.type === "snapshot" || frame.type === "round_start") {
        game = frame.game;
      } else if (frame.type === "round_over") {
        if (seat.counts && frame.session_over) {
          if (state.measuring) stats.games++;
          if (!state.stopped) seat.ws.send(JSON.stringify({ v: 1, type: "rematch" }));
        }
      } else if (frame.type === "error") {
        stats.errors++;
      }
    }
    if (game === null || game === undefined || state.stopped) return;
    const view = game.view;
    if (view.to_move !== game.you_seat || game.you_seat === null || !view.legal_actions?.length) return;
    const move = () => {
      if (state.stopped) return;
      const legal = view.legal_actions;
      seat.sent = [game.round, game.turn + 1];
      seat.sentAt = performance.now();
      const action = legal[Math.floor(seat.rng() * legal.length)];
      seat.ws.send(JSON.stringify({ v: 1, type: "move", round: game.round, seq: game.turn + 1, action }));
    };
    if (think[1] > 0) setTimeout(move, think[0] + (think[1] - think[0]) * seat.rng());
    else move();
  });
}

async function main() {
  const options = JSON.parse(process.argv[2]);
  const stats = { moves: 0, human_moves: 0, computer_moves: 0, games: 0, errors: 0, latencies: [] };
  const state = { measuring: false, stopped: false };
  const rooms = await limited(options.rooms, ([seed, base]) => makeRoom(options, seed, base));
  const seats = rooms.flat();
  await limited(seats, async (seat) => {
    seat.ws = await open({ ...seat, log: options.log ?? "tail" });
    seat.ws.on("error", (error) => console.error(`${seat.code}: ${error.message}`));
  });
  for (const seat of seats) play(seat, stats, options.think_ms, state);
  await limited(rooms, (room) => post(`http://${room[0].base}/api/rooms/${room[0].code}/start`, {}, room[0].token));
  process.stdout.write(`${JSON.stringify({ ready: seats.length })}\n`);
  const lines = readline.createInterface({ input: process.stdin });
  const go = JSON.parse((await lines[Symbol.asyncIterator]().next()).value);
  lines.close();
  state.measuring = true;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, go.stop_at * 1000 - Date.now())));
  state.measuring = false;
  state.stopped = true;
  process.stdout.write(`${JSON.stringify(stats)}\n`);
  for (const seat of seats) seat.ws.terminate();
}

main().catch((error) => {
  console.error(error.stack || String(error));
  process.exit(1);
});
