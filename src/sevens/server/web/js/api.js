// The HTTP side of the protocol (docs/protocol.md) and the seat tickets kept in this browser.

export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

async function call(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError("network", String(err && err.message ? err.message : err), 0);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    if (data && data.error) throw new ApiError(data.error, data.message, response.status);
    const detail = data && Array.isArray(data.detail) ? data.detail.map((d) => d.msg).join("; ") : response.statusText;
    throw new ApiError("invalid", detail, response.status);
  }
  return data;
}

export const getCatalog = () => call("GET", "/api/catalog");
export const listRooms = () => call("GET", "/api/rooms");
export const roomInfo = (code) => call("GET", `/api/rooms/${encodeURIComponent(code)}`);
export const createRoom = (body) => call("POST", "/api/rooms", body);
export const joinRoom = (code, name, seat = null) => call("POST", `/api/rooms/${encodeURIComponent(code)}/join`, { name, seat });
export const startRoom = (code, token) => call("POST", `/api/rooms/${encodeURIComponent(code)}/start`, undefined, token);
export const listGames = () => call("GET", "/api/games?limit=10");
export const getGame = (id) => call("GET", `/api/games/${encodeURIComponent(id)}`);
export const getProfile = (name) => call("GET", `/api/players/${encodeURIComponent(name)}`);

// A seat token is the only key to a seat: kept per room in this browser so a reload resumes the game.
const TICKET_PREFIX = "sevens.ticket.";

export function saveTicket(ticket) {
  localStorage.setItem(TICKET_PREFIX + ticket.code, JSON.stringify(ticket));
}

export function loadTicket(code) {
  try {
    return JSON.parse(localStorage.getItem(TICKET_PREFIX + code) || "null");
  } catch {
    return null;
  }
}

export function dropTicket(code) {
  localStorage.removeItem(TICKET_PREFIX + code);
}

export function savedName() {
  return localStorage.getItem("sevens.name") || "";
}

export function saveName(name) {
  localStorage.setItem("sevens.name", name);
}

// The preset this browser last played at a table ("Play now" starts another of it).
const LAST_PRESET = "sevens.last_preset";
export const savedPreset = () => localStorage.getItem(LAST_PRESET);
export const savePreset = (preset) => localStorage.setItem(LAST_PRESET, preset);
