"""Measuring a screen on a phone, and finished sessions made quickly for it.

:data:`FIT_CHECK` runs in the page and lists what does not fit the window: the page scrolling sideways, any
element whose right edge passes the window (unless a box of its own scrolls it, inside the window), and any word
drawn across two lines ("Comput / er"): each word of each visible text node is measured with a Range (a
Japanese label without spaces of up to six characters counts as one word, and so does each part of a player's
name between its brackets). Sessions with one person seated are
played to their end over the WebSocket (the person's first legal action, a short one in Seven Twenty-Seven),
with seeded deals: no waiting on a page for a whole session."""

from __future__ import annotations

import contextlib
import json
from typing import Any
from urllib.parse import urlsplit

import httpx2 as httpx
from websockets.sync.client import connect as ws_connect

from .helpers import finished_record

PRESETS = {"shichinarabe": "standard", "killer": "killer", "seven27": "seven27"}
SHORT_S27 = ("stand", "check", "call")  # the quick way through a Seven Twenty-Seven deal
REFILL_SECONDS = 0.1  # two messages' worth of the server's rate limit (20 a second)
LEVELS = ("beginner", "easy")  # fast computers, with the longest level names ("Computer 7 (Beginner)")

FIT_CHECK = """() => {
  const width = document.documentElement.clientWidth;
  const problems = [];
  const wide = document.documentElement.scrollWidth;
  if (wide > width) problems.push(`the page is ${wide}px wide in ${width}px`);
  const scrolled = (el) => {  // an ancestor that scrolls sideways within the window holds it
    for (let a = el.parentElement; a; a = a.parentElement) {
      const ox = getComputedStyle(a).overflowX;
      if (ox === 'auto' || ox === 'scroll' || ox === 'hidden') return a.getBoundingClientRect().right <= width + 0.5;
    }
    return false;
  };
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const label = (el) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${[...el.classList].join('.')}`
    + ` "${(el.textContent || '').trim().slice(0, 40)}"`;
  for (const el of document.body.querySelectorAll('*')) {
    if (!shown(el) || ['OPTION', 'SCRIPT', 'STYLE'].includes(el.tagName)) continue;
    const r = el.getBoundingClientRect();
    if (r.right > width + 0.5 && !scrolled(el)) problems.push(`${label(el)} reaches ${Math.round(r.right)}px`);
  }
  const cjk = /[\\u3040-\\u30ff\\u4e00-\\u9fff]/;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !shown(el) || ['OPTION', 'SCRIPT', 'STYLE', 'TEXTAREA'].includes(el.tagName)) continue;
    const text = node.textContent;
    const words = [];
    // a player's name: Japanese breaks only at its brackets ("コンピュータ1（はじめて）", never "（はじめ/て）")
    const name = el.closest('.who, .p-name, .name');
    const pattern = name ? /[^\\s\\-（）()]+/g : /[^\\s\\-]+/g;  // a line may break at a space or after a hyphen
    for (const m of text.matchAll(pattern)) {
      if (!cjk.test(m[0]) || m[0].length <= 6 || name) words.push([m.index, m[0]]);
    }
    for (const [at, word] of words) {
      if (word.length < 2) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + word.length);
      const tops = new Set([...range.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top)));
      if (tops.size > 1) problems.push(`"${word}" is broken across lines in ${label(el)}`);
    }
  }
  return problems;
}"""

# the standings table: whole in the window (no scrolling to find the total), every session total on screen
STANDINGS_SHOWN = """() => {
  const table = document.querySelector(
    '[data-testid=results] [data-testid=standings], [data-testid=replay-result] [data-testid=standings]');
  if (!table) return ['no standings table'];
  const width = document.documentElement.clientWidth;
  const out = [];
  const box = table.getBoundingClientRect();
  if (box.left < -0.5 || box.right > width + 0.5) {
    out.push(`the standings span ${Math.round(box.left)}..${Math.round(box.right)}px in ${width}px`);
  }
  for (const cell of table.querySelectorAll('[data-total]')) {
    const r = cell.getBoundingClientRect();
    if (r.width === 0 || r.right > width + 0.5) out.push(`the total ${cell.textContent} is not on screen`);
  }
  return out;
}"""


def one_person_session(
    server: str, family: str, players: int, rounds: int, name: str, seed: int, finish: bool = True, start: bool = True
) -> dict[str, Any]:
    """A table of ``name`` and ``players - 1`` computers playing ``rounds`` rounds (deals in Seven Twenty-Seven)
    of ``family`` with seeded deals; the person's ticket. With ``finish``, the person's moves are made over the
    WebSocket until the session is over (the ticket then holds its ``record``); else it is only started."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": LEVELS[i % 2]} for i in range(players - 1)]
    body: dict[str, Any] = {"preset": PRESETS[family], "seats": seats, "host_name": name, "seed": seed}
    if family == "seven27":
        body["variants"] = {"deals": rounds}
    else:
        body["rounds"] = rounds
    created = httpx.post(f"{server}/api/rooms", json=body)
    assert created.status_code == 201, created.text
    ticket: dict[str, Any] = created.json()
    if not finish and start:
        started = httpx.post(f"{server}/api/rooms/{ticket['code']}/start",
                             headers={"Authorization": f"Bearer {ticket['token']}"})  # fmt: skip
        assert started.status_code == 200, started.text
    if not finish:
        return ticket
    ticket["record"] = play_through(server, ticket)
    return ticket


def play_through(server: str, ticket: dict[str, Any]) -> int:
    """Start the table and make the person's moves until the session is over; returns its record id. A move the
    server refuses for its rate limit (20 messages a second: computers at no delay hand the turn back at once) is
    sent again once the limit has let one more through."""
    host = urlsplit(server).netloc
    with ws_connect(f"ws://{host}/ws/{ticket['code']}?token={ticket['token']}", open_timeout=10) as ws:
        ws.send(json.dumps({"v": 1, "type": "start", "id": 1}))
        last_move = ""
        while True:
            frame = json.loads(ws.recv(timeout=60))
            if (record := finished_record(frame)) is not None:
                return record
            if frame["type"] == "error" and frame["code"] == "rate_limited" and last_move:
                with contextlib.suppress(TimeoutError):
                    frame = json.loads(ws.recv(timeout=REFILL_SECONDS))  # the server says nothing until we move
                    raise AssertionError(f"a frame came while a move was refused: {frame}")
                ws.send(last_move)
                continue
            game = frame.get("game") if frame["type"] in ("snapshot", "round_start") else None
            if frame["type"] == "action":
                game = {
                    "round": frame["round"],
                    "turn": frame["turn"],
                    "view": frame["view"],
                    "you_seat": frame["you_seat"],
                }
            if not game or game["you_seat"] is None or game["view"].get("to_move") != game["you_seat"]:
                continue
            legal: list[str] = game["view"].get("legal_actions") or []
            if not legal:
                continue
            action = next((a for a in SHORT_S27 if a in legal), legal[0])
            last_move = json.dumps({"v": 1, "type": "move", "round": game["round"], "seq": game["turn"] + 1,
                                    "action": action})  # fmt: skip
            ws.send(last_move)
