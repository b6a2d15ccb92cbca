// Crystal Arcade party page: one seat's private controller.  Plain JavaScript, no build
// step.  The protocol (version 1) is written down in docs/party.md.
"use strict";
const V = 1;
const LETTERS = "ABCDEFGHIJK";
const $ = (id) => document.getElementById(id);
let ws = null, seat = null, view = null, wasMyTurn = false, retry = 500, closedForGood = false;
let plan = { switch: false, actions: [] }, pick = null, previewText = "", preview = null;
const params = new URLSearchParams(location.search);

// The page's words in the phone's language: window.I18N is inlined by the host from its
// catalogue (party/i18n.py) for the browser's Accept-Language.  A word it lacks, or no
// I18N at all, stays English.  Every visible text goes through t() with one literal per
// call: the catalogue's extractor reads them from this file.  No plurals here: a count
// stands apart ("Moves through E5: 3"), so one form serves every number.
const I18N = (window.I18N && typeof window.I18N === "object") ? window.I18N : {};
const WORDS = (I18N.messages && typeof I18N.messages === "object") ? I18N.messages : {};
function t(text, values) {
  const own = Object.prototype.hasOwnProperty.call(WORDS, text) && typeof WORDS[text] === "string";
  let out = own ? WORDS[text] : text;
  if (values) out = out.replace(/\{(\w+)\}/g, (m, k) => (Object.prototype.hasOwnProperty.call(values, k) ? String(values[k]) : m));
  return out;
}
// The page's fixed words (index.html holds them in English).
function translatePage() {
  if (typeof I18N.lang === "string") document.documentElement.lang = I18N.lang;
  const put = (selector, text, attr) => {
    for (const e of document.querySelectorAll(selector)) { if (attr) e.setAttribute(attr, text); else e.textContent = text; }
  };
  document.title = t("Crystal Arcade party");
  put("#net", t("connection"), "title");
  put("#join h1", t("Join the game"));
  put("#join-help", t("Type the four letters shown on the big screen."));
  put("#room-label", t("Room code"));
  put("#name-label", t("Your name"));
  put("#keep-label", t("Keep my record under this name on the host"));
  put("#find", t("Find a seat"));
  put("#turn-board", t("the board"), "aria-label");
  put("#board", t("the board"), "aria-label");
  put("[data-key=up]", t("Up"), "aria-label");
  put("[data-key=down]", t("Down"), "aria-label");
  put("[data-key=left]", t("Left"), "aria-label");
  put("[data-key=right]", t("Right"), "aria-label");
  put("[data-key=confirm]", t("Confirm"), "aria-label");
  put("[data-key=confirm]", t("OK"));
  put("[data-key=back]", t("Back"));
  put("#moves-heading", t("Moves"));
  put("#typed-text", t("or type a move"), "placeholder");
  put("#typed button", t("Play"));
  put("#keep", t("Keep"));
  put("#switch", t("Switch"));
  put("#undo-step", t("Undo step"));
  put("#clear", t("Clear"));
  put("#submit", t("Submit"));
}
translatePage();

function room() { return ($("room").value || "").trim().toUpperCase(); }
function tokenKey() { return "crystal-arcade-token:" + room(); }
function send(msg) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); }
// A message is a line in the bar at the bottom, above its buttons (never over the
// header or a control); the page is padded by the bar's height so nothing hides under it.
function toast(text, ok) {
  const t = $("toast"); t.textContent = text; t.className = "show" + (ok ? " ok" : "");
  layoutBar();
  clearTimeout(toast.timer); toast.timer = setTimeout(() => { t.className = ""; layoutBar(); }, 3500);
}
function layoutBar() {
  const bar = $("bar");
  const actions = !$("plan-bar").classList.contains("hidden") || $("pick-bar").children.length > 0;
  bar.classList.toggle("idle", !actions && !$("toast").classList.contains("show"));
  document.body.classList.toggle("has-bar", actions);
  document.body.style.paddingBottom = (bar.classList.contains("idle") ? 24 : bar.offsetHeight + 12) + "px";
}
if (window.ResizeObserver) new ResizeObserver(layoutBar).observe($("bar"));
window.addEventListener("resize", layoutBar);
// An element as a word in the phone's language ("" for none).
function elementName(e) { return e === 0 ? t("fire") : e === 1 ? t("water") : e === 2 ? t("grass") : ""; }

function show(id) { for (const s of ["join", "play"]) $(s).classList.toggle("hidden", s !== id); }
function cellName(c) { return LETTERS[c % 11] + (Math.floor(c / 11) + 1); }
function button(text, onClick, cls) {
  const b = document.createElement("button"); b.textContent = text; if (cls) b.className = cls;
  b.addEventListener("click", onClick); return b;
}

// -- connection --------------------------------------------------------------------------
function connect(then) {
  const proto = location.protocol === "https:" ? "wss://" : "ws://";
  const sock = new WebSocket(proto + location.host + "/ws");
  ws = sock;
  ws.onopen = () => { $("net").classList.add("on"); retry = 500; then && then(); };
  ws.onmessage = (e) => { let m; try { m = JSON.parse(e.data); } catch (_) { return; } onMessage(m); };
  ws.onclose = (e) => {
    if (ws !== sock) return;  // an older socket: the page has moved on to a newer one
    $("net").classList.remove("on");
    if (e.code === 1001 && seat !== null) {  // the host ended the party (left to the title)
      closedForGood = true; localStorage.removeItem(tokenKey());
      $("status").textContent = t("The host ended the party. Thanks for playing!"); $("status").className = "";
      for (const id of ["pad-area", "plan-area", "plan-bar"]) $(id).classList.add("hidden"); layoutBar();
    }
    if (closedForGood) return;
    // 4001: the host closed a socket that took no seat in time (or to make room); the
    // page opens a new one when its player taps Find or a seat.  4002: this seat is open
    // on a newer tab.  Neither comes back on its own.
    if (e.code === 4001 && seat === null) { ws = null; return; }
    if (e.code === 4002) { closedForGood = true; $("status").textContent = t("This seat is open on another tab."); return; }
    // Lost Wi-Fi, a locked screen, a host restart: come back to the same seat.
    setTimeout(() => connect(resume), retry); retry = Math.min(retry * 2, 5000);
  };
}
function resume() {
  const token = localStorage.getItem(tokenKey());
  if (token) send({ type: "resume", v: V, token: token });
  else if (seat === null && room().length === 4) send({ type: "seats", v: V, room: room() });
}

function onMessage(m) {
  switch (m.type) {
    case "seats": $("record-row").classList.toggle("hidden", !m.profiles); return showSeats(m.seats, m.started);
    case "welcome":
      seat = m.seat; localStorage.setItem(tokenKey(), m.token);
      $("who").textContent = m.name + " · " + m.label; show("play");
      if (!view) $("status").textContent = t("You are in. Waiting for the host to start the game.");
      return;
    case "lobby":
      if (seat !== null && !view) {
        const n = m.seats.filter((x) => x.taken).length;
        $("status").textContent = t("You are in. Waiting for the host to start {game} ({n} of {total} phone seats taken).",
          { game: m.game, n: n, total: m.seats.length });
      }
      return;
    case "started": if (!view) $("status").textContent = t("{game} is starting...", { game: m.game }); return;
    case "state": return onState(m);
    case "judged": return onJudged(m);
    case "ok": toast(view && view.phase ? t("Sent: {move}", { move: m.text }) : t("Played: {move}", { move: m.text }), true); return;
    case "preview": return onPreview(m);
    case "error":
      if (m.code === "idle") return;  // quiet: the next tap opens a fresh socket
      if (m.code === "join" && seat === null && localStorage.getItem(tokenKey())) {
        localStorage.removeItem(tokenKey()); show("join");
      }
      toast(m.reason); return;
    case "kicked":
      closedForGood = true; localStorage.removeItem(tokenKey()); seat = null;
      show("join"); toast(m.reason || t("The host removed this phone")); return;
  }
}

// -- joining -----------------------------------------------------------------------------
function showSeats(seats, started) {
  const list = $("seat-list"); list.innerHTML = "";
  const free = seats.filter((s) => !s.taken);
  if (!free.length) { list.textContent = t("Every phone seat is taken."); return; }
  const h = document.createElement("h2"); h.textContent = t("Pick your seat"); list.appendChild(h);
  list.appendChild(button(t("Any free seat"), () => join(null), "primary wide"));
  for (const s of free) list.appendChild(button(s.label, () => join(s.seat), "wide"));
}
function join(which) {
  const name = $("name").value.trim();
  if (!name) { toast(t("Type your name first")); return; }
  localStorage.setItem("crystal-arcade-name", name);
  // The host's profile of that name (made if new) counts this game: only where offered.
  const keep = !$("record-row").classList.contains("hidden") && $("record").checked;
  localStorage.setItem("crystal-arcade-keep", keep ? "1" : "");
  const hello = () => send({ type: "hello", v: V, room: room(), name: name, seat: which, profile: keep ? name : null });
  if (ws && ws.readyState === 1) hello(); else connect(hello);
}
$("find").addEventListener("click", () => {
  if (room().length !== 4) { toast(t("The room code is 4 letters")); return; }
  if (ws && ws.readyState === 1) resume(); else connect(resume);
});

// -- the game ----------------------------------------------------------------------------
function onState(s) {
  view = s;
  $("title").textContent = s.title;
  const mine = s.your_turn;
  if (mine && !wasMyTurn && navigator.vibrate) navigator.vibrate([120, 60, 120]);
  wasMyTurn = mine;
  const st = $("status");
  st.className = mine ? "turn" : "";
  st.textContent = statusLine(s);
  const seats = $("seats"); seats.innerHTML = "";
  s.seats.forEach((x, i) => {
    const d = document.createElement("span");
    d.className = "seat" + (i === s.seat ? " me" : "") + (i === s.to_move && !s.phase ? " now" : "")
      + (x.connected ? "" : " gone");
    d.textContent = x.name + (x.submitted ? " ✓" : "") + (s.scores.length ? " " + s.scores[i] : "");
    seats.appendChild(d);
  });
  const simultaneous = !!s.phase;
  $("pad-area").classList.toggle("hidden", simultaneous || s.over);
  $("plan-area").classList.toggle("hidden", !simultaneous || s.over);
  $("plan-bar").classList.toggle("hidden", !simultaneous || s.over);
  // a board on screen: in landscape it takes the left of the screen, the rest beside it
  document.body.classList.toggle("has-board", !simultaneous && !s.over && drawable(s.board));
  if (simultaneous) drawPlan(s); else drawMoves(s);
  // a race is answered on the board or from the moves: no cursor on the big screen
  $("pad").classList.toggle("hidden", !!s.race);
  for (const b of document.querySelectorAll("#pad-area > [data-key]")) b.classList.toggle("hidden", !!s.race);
  layoutBar();
  $("points").textContent = s.last_points ? t("Last round: +{points} ({explain})", { points: s.last_points.total, explain: s.last_points.explain }) : "";
  $("log").textContent = s.log.map((e) => s.seats[e.seat].label + ": " + e.text).join(" · ");
  drawRace(s);
}

// A puzzle race (party/race.py): the goal, the time left, the answer after a miss, and
// initials for the hall of fame at the end.  The host judges every move.
function raceLine(s) {
  const r = s.race;
  if (r.watching) return t("A race is on: watch the big screen; you race in the next one.");
  if (r.ended) return t("Race over: place {place} of {n}, {score} solved", { place: r.place, n: r.lanes, score: r.score });
  const head = t("Puzzle {k} · {score} solved · {s} s left", { k: r.number, score: r.score, s: r.time_left });
  return head + " — " + (r.goal || "");
}
function drawRace(s) {
  let box = $("race");
  if (!s.race) { if (box) box.remove(); return; }
  if (!box) { box = document.createElement("div"); box.id = "race"; $("status").after(box); }
  const r = s.race; box.innerHTML = "";
  if (r.last && r.held && r.last.kind === "wrong") {
    const p = document.createElement("p"); p.className = "miss";
    p.textContent = t("Missed. The answer: {answer}", { answer: (r.last.answer || []).join(", ") });
    box.appendChild(p);
  }
  if (r.ended && r.racing && r.score > 0) {
    if (r.initials) { box.textContent = t("In the hall of fame as {initials}", { initials: r.initials }); return; }
    const f = document.createElement("form"); f.id = "initials-form";
    const i = document.createElement("input"); i.id = "initials"; i.maxLength = 3; i.autocapitalize = "characters";
    i.placeholder = t("Your initials (3 letters)");
    const b = button(t("Save"), null, "primary"); b.type = "submit";
    f.appendChild(i); f.appendChild(b);
    f.addEventListener("submit", (e) => { e.preventDefault(); send({ type: "initials", text: i.value.trim() }); });
    box.appendChild(f);
  }
}
function onJudged(m) {
  if (m.verdict === "solved") toast(t("Solved in {s} s!", { s: m.seconds }), true);
  else if (m.verdict === "wrong") toast(m.message);
}
function statusLine(s) {
  if (s.race) return raceLine(s);
  if (s.over) return t("Game over: {reason}", { reason: s.outcome.reason });
  if (s.stand_in) return t("A bot played for you while your phone was away; your seat is yours again on your next turn.");
  if (s.phase) {
    const counts = { n: s.seats.filter((x) => x.submitted).length, total: s.seats.length };
    if (s.submitted_plan) return t("Yours is in: {plan} — {n} of {total} in", Object.assign({ plan: s.submitted_plan }, counts));
    if (s.phase === "setup") return t("Pick your start tile — {n} of {total} in", counts);
    return t("Round {round}: plan your moves — {n} of {total} in", Object.assign({ round: s.round }, counts));
  }
  if (s.your_turn) return t("Your turn");
  return (s.to_move >= 0 ? t("{name}'s turn", { name: s.seats[s.to_move].name }) : t("Waiting"));
}

// The four turn-based games: a d-pad that drives this seat's cursor on the big screen,
// and the position's legal moves grouped by piece or by action.
let group = null;
function tokens(move) { return move.split(/[\s\-]|(?<=\d)x(?=[a-z])/).filter((t) => t); }
function groupOf(move) {
  const w = tokens(move)[0];
  return /^[a-z]{3,}$/i.test(w) ? w : w.slice(0, 3);
}
// Moves grouped by their first word or piece ("b8", "place", "1"); a group too long to
// scan is split again by the word that varies least ("place yellow", "move a1").
const GROUP_LIMIT = 30;
function groupMoves(moves) {
  const groups = {};
  for (const m of moves) (groups[groupOf(m)] = groups[groupOf(m)] || []).push(m);
  for (const [name, list] of Object.entries(groups)) {
    if (list.length <= GROUP_LIMIT) continue;
    const split = list.map(tokens);
    let best = -1, bestCount = Infinity;
    for (let i = 1; i < Math.max(...split.map((t) => t.length)); i++) {
      const n = new Set(split.map((t) => t[i])).size;
      if (n > 1 && n < bestCount) { best = i; bestCount = n; }
    }
    if (best < 0) continue;
    delete groups[name];
    list.forEach((m, k) => { const key = name + " " + (split[k][best] || "");
      (groups[key] = groups[key] || []).push(m); });
  }
  return groups;
}
// -- the board of the four turn games (format 1, docs/party.md) ----------------------------
// Drawn from the seat's own side; on your turn the cells the legal moves name are lit.
// Tap one: the moves through it are listed (and the cells they go on to are lit); tap one
// of those to narrow the list; a move left alone is played by its button.
const FILLS = { red: "#e0483e", blue: "#3d7be0", green: "#3fae55", yellow: "#e8c33a", wall: "#3a3f58",
  stone: "#6b6f80" };
const SEAT_COLOURS = ["#f05a7e", "#4aa3ff", "#5ed17a", "#ffd166", "#c77dff", "#4dd9d9"];
let chosen = [];
function cellTokens(move, names) {
  return tokens(move).filter((t) => names.has(t.toLowerCase()));
}
function lineCells(move, board) {  // "C up 3", "5 right 2": the whole column or row
  const t = tokens(move)[0] || "";
  if (!/^([A-Za-z]|\d{1,2})$/.test(t) || !/^(up|down|left|right)$/.test(tokens(move)[1] || "")) return [];
  return board.cells.filter((c) => /^[A-Za-z]$/.test(t) ? c.name[0].toUpperCase() === t.toUpperCase()
    : c.name.slice(1) === t).map((c) => c.name.toLowerCase());
}
function touched(move, board, names) {
  const cells = cellTokens(move, names).map((t) => t.toLowerCase());
  return cells.length ? cells : lineCells(move, board);
}
function boardMoves(s) {
  const b = s.board, names = new Set(b.cells.map((c) => c.name.toLowerCase()));
  return s.moves.filter((m) => chosen.every((c) => touched(m, b, names).includes(c)));
}
// A board the page can draw: format 1 (a grid) or 2 (Crystal Formation's hexagon, each
// cell at its own centre), every cell with a name and finite numbers; anything else is
// not drawn (the move list still works), never half-drawn or thrown on.
const MAX_CELLS = 400;
function drawable(b) {
  if (!b || typeof b !== "object" || ![1, 2].includes(b.format) || !Array.isArray(b.cells)) return false;
  if (!b.cells.length || b.cells.length > MAX_CELLS) return false;
  const n = (v) => typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= 1000;
  if (!n(b.cols) || !n(b.rows) || b.cols < 1 || b.rows < 1) return false;
  return b.cells.every((c) => c && typeof c === "object" && typeof c.name === "string" && c.name.length <= 8
    && n(c.x) && n(c.y) && (b.format !== 2 || (n(c.cx) && n(c.cy))));
}
// Where each cell is drawn on the canvas: its centre and its size (a grid's square side,
// a hexagon's distance between neighbouring centres), from the seat's own side.
function cellBoxes(b, size) {
  if (b.format === 2) {
    const xs = b.cells.map((c) => c.cx), ys = b.cells.map((c) => c.cy);
    const x0 = Math.min(...xs), y0 = Math.min(...ys);
    // a pointy-top hexagon is 1 wide and 2/sqrt(3) high around its centre
    const spanX = Math.max(...xs) - x0 + 1, spanY = Math.max(...ys) - y0 + 2 / Math.sqrt(3);
    const w = size / Math.max(spanX, spanY), ox = (size - spanX * w) / 2, oy = (size - spanY * w) / 2;
    return b.cells.map((c) => ({ c, x: ox + (c.cx - x0 + .5) * w, y: oy + (c.cy - y0 + 1 / Math.sqrt(3)) * w, w }));
  }
  const w = size / Math.max(b.cols, b.rows);
  return b.cells.map((c) => ({ c, w, x: ((b.flip ? b.cols - 1 - c.x : c.x) + .5) * w,
    y: ((b.flip ? b.rows - 1 - c.y : c.y) + .5) * w }));
}
function cellAt(s, e) {
  const cv = $("turn-board"), r = cv.getBoundingClientRect();
  const px = (e.clientX - r.left) / r.width * cv.width, py = (e.clientY - r.top) / r.height * cv.height;
  let best = null, bestD = Infinity;
  for (const k of cellBoxes(s.board, cv.width)) {
    const d = Math.hypot(px - k.x, py - k.y);
    if (d < bestD) { best = k; bestD = d; }
  }
  return best && bestD <= best.w * .72 ? best.c : undefined;  // a tap in a gap, or off the board: none
}
function cellPath(g, k, hex) {
  g.beginPath();
  if (!hex) { g.rect(k.x - k.w / 2 + 1, k.y - k.w / 2 + 1, k.w - 2, k.w - 2); return; }
  const r = k.w / Math.sqrt(3) - .8;  // pointy-top: a corner straight up, rows side by side
  for (let i = 0; i < 6; i++) {
    const a = i * Math.PI / 3;
    g[i ? "lineTo" : "moveTo"](k.x + r * Math.sin(a), k.y - r * Math.cos(a));
  }
  g.closePath();
}
function paintTurnBoard(s) {
  const cv = $("turn-board"), b = drawable(s.board) ? s.board : null;
  cv.classList.toggle("hidden", !b);
  if (!b) { $("board-hint").textContent = ""; return; }
  const g = cv.getContext("2d"), hex = b.format === 2;
  const names = new Set(b.cells.map((c) => c.name.toLowerCase()));
  const live = s.your_turn ? boardMoves(s) : [];
  const lit = new Set();
  for (const m of live) for (const c of touched(m, b, names)) lit.add(c);
  g.clearRect(0, 0, cv.width, cv.height);
  for (const k of cellBoxes(b, cv.width)) {
    const c = k.c, w = k.w, key = c.name.toLowerCase();
    g.fillStyle = hex ? "#20284f" : (c.x + c.y) % 2 ? "#1a2142" : "#20284f";
    cellPath(g, k, hex); g.fill();
    if (c.fill && !c.mark) { g.fillStyle = FILLS[c.fill] || "#888"; g.fillRect(k.x - w * .38, k.y - w * .38, w * .76, w * .76); }
    if (c.owner >= 0 || c.mark) {
      g.beginPath(); g.arc(k.x, k.y, w * .36, 0, 7);
      g.fillStyle = c.fill ? (FILLS[c.fill] || "#888") : SEAT_COLOURS[Math.abs(c.owner) % SEAT_COLOURS.length]; g.fill();
      if (c.owner >= 0) { g.lineWidth = 3; g.strokeStyle = SEAT_COLOURS[c.owner % SEAT_COLOURS.length]; g.stroke(); }
      const label = c.mark === "diamond" ? "◆" : c.mark === "circle" ? "●" : String(c.mark).slice(0, 3);
      g.fillStyle = "#fff"; g.font = "bold " + (w * (label.length > 1 ? .28 : .4)) + "px sans-serif";
      g.textAlign = "center"; g.textBaseline = "middle"; g.fillText(label, k.x, k.y);
    }
    const ring = chosen.includes(key) ? ["#ffffff", 4] : lit.has(key) ? ["#ffe066", 3] : null;
    if (ring) {
      g.lineWidth = ring[1]; g.strokeStyle = ring[0];
      if (hex) { cellPath(g, { x: k.x, y: k.y, w: w - 4 }, true); g.stroke(); }
      else g.strokeRect(k.x - w / 2 + 3, k.y - w / 2 + 3, w - 6, w - 6);
    }
  }
  $("board-hint").textContent = !s.your_turn ? "" : chosen.length
    ? t("Moves through {cells}: {n} (tap a lit cell or a move below)", { cells: chosen.map((c) => c.toUpperCase()).join(", "), n: live.length })
    : (lit.size ? t("Tap a lit cell") : "");
}
$("turn-board").addEventListener("click", (e) => {
  if (!view || !drawable(view.board) || !view.your_turn) return;
  const c = cellAt(view, e); if (!c) return;
  const key = c.name.toLowerCase(), before = chosen;
  if (chosen.includes(key)) chosen = chosen.filter((k) => k !== key);
  else {
    chosen = chosen.concat([key]);
    if (!boardMoves(view).length) chosen = [key];  // a fresh start from this cell
    if (!boardMoves(view).length) { chosen = before; toast(t("No move goes through {cell}", { cell: c.name })); }
  }
  drawMoves(view);
});
function drawMoves(s) {
  for (const b of document.querySelectorAll("#pad-area [data-key]")) b.disabled = !s.your_turn;
  if (s.ply !== drawMoves.ply) { chosen = []; drawMoves.ply = s.ply; }
  paintTurnBoard(s);
  $("pick-bar").innerHTML = "";
  if (drawable(s.board) && s.your_turn && chosen.length) {  // the moves through the tapped cells, in the bar
    const list = $("pick-bar");
    const live = boardMoves(s);
    for (const m of live) {
      const b = button(live.length === 1 ? t("Play {move}", { move: m }) : m, () => send({ type: "move", text: m }),
        live.length === 1 ? "primary wide" : "");
      b.dataset.move = m; list.appendChild(b);
    }
    list.appendChild(button(t("Cancel"), () => { chosen = []; drawMoves(view); }));
  }
  layoutBar();
  const groups = groupMoves(s.moves);
  const names = Object.keys(groups);
  if (!names.includes(group)) group = names.length === 1 ? names[0] : null;
  const g = $("groups"); g.innerHTML = "";
  if (names.length > 1) for (const n of names) g.appendChild(button(n, () => { group = n; drawMoves(view); }, n === group ? "on" : ""));
  const list = $("moves"); list.innerHTML = "";
  if (!s.your_turn) { list.textContent = t("Moves appear here on your turn."); return; }
  for (const m of (group ? groups[group] : [])) { const b = button(m, () => send({ type: "move", text: m })); b.dataset.move = m; list.appendChild(b); }
}
for (const b of document.querySelectorAll("[data-key]")) b.addEventListener("click", () => send({ type: "key", key: b.dataset.key }));
$("typed").addEventListener("submit", (e) => {
  e.preventDefault(); const t = $("typed-text").value.trim(); if (t) send({ type: "move", text: t });
});

// Element Shift: the start pick and the plan editor for this seat only.
function colours() { return ["#e0483e", "#3d7be0", "#3fae55"]; }
function drawPlan(s) {
  const mineIn = !!s.submitted_plan;
  if (s.round !== drawPlan.round || s.phase !== drawPlan.phase) {
    plan = { switch: false, actions: [] }; pick = null; preview = null; previewText = "";
    if (drawPlan.round !== undefined) window.scrollTo(0, 0);  // a new round: its points are at the top
    drawPlan.round = s.round; drawPlan.phase = s.phase;
  }
  const v = s.variation;
  const el = elementName(s.elements[s.seat]);
  // The start pick's instruction sits in the bar, beside Submit (in reach and in view in
  // landscape too); a round's rules stay under the board.
  $("pick-hint").textContent = s.phase === "setup" && !mineIn
    ? (el ? t("You are {element}: tap a {element} tile to start on.", { element: el }) : t("Tap a tile of your element to start on.")) : "";
  $("variation").textContent = s.phase === "setup" ? "" :
    (v ? t("Round {round} · {name}: {rule} Allowed: {allowed}", { round: s.round, name: v.name, rule: v.rule, allowed: v.allowed }) : "");
  $("plan-editor").classList.toggle("hidden", s.phase !== "plan" || mineIn);
  $("submit").disabled = mineIn || !s.your_turn || (s.phase === "setup" && pick === null);
  $("submit").textContent = s.phase === "setup" ? (pick === null ? t("Pick a tile") : t("Start on {cell}", { cell: cellName(pick) })) : t("Submit plan");
  if (s.phase === "plan" && v) {
    $("keep").classList.toggle("on", !plan.switch); $("switch").classList.toggle("on", plan.switch);
    const steps = $("steps"); steps.innerHTML = "";
    const tokens = v.tokens.slice();
    if (v.ray_first && plan.actions.length === 0) tokens.unshift("ray N", "ray E", "ray S", "ray W");
    const at = planEnd(s);
    for (const tok of tokens) {
      const b = button(tok, () => { if (plan.actions.length < v.segments) { plan.actions.push(tok); changed(); } });
      // A step that would leave the board is greyed out (the host checks everything else).
      b.disabled = plan.actions.length >= v.segments || at === null || !onBoard(at, tok, s.size);
      b.title = b.disabled && plan.actions.length < v.segments ? t("{step} would leave the board", { step: tok }) : tok;
      steps.appendChild(b);
    }
    $("plan-text").textContent = t("{plan}  ({n} of {total})", { plan: planText(), n: plan.actions.length, total: v.segments });
  }
  paintBoard(s);
}
// Where a step token moves a token: U/D/L/R once per letter ("UUR" is a knight jump);
// "stay" and rays do not move.
function stepDelta(t) {
  if (t === "stay" || t.startsWith("ray")) return [0, 0];
  let dx = 0, dy = 0;
  for (const ch of t) { if (ch === "U") dy--; else if (ch === "D") dy++; else if (ch === "L") dx--; else if (ch === "R") dx++; }
  return [dx, dy];
}
function onBoard(cell, t, n) {
  const [dx, dy] = stepDelta(t), x = cell % n + dx, y = Math.floor(cell / n) + dy;
  return x >= 0 && y >= 0 && x < n && y < n;
}
function planEnd(s) {
  let cell = s.positions[s.seat];
  for (const t of plan.actions) { if (cell === null || cell < 0 || !onBoard(cell, t, s.size)) return null;
    const [dx, dy] = stepDelta(t); cell += dy * s.size + dx; }
  return cell;
}
function planText() { return (plan.switch ? "switch" : "keep") + "; " + (plan.actions.join(" ") || "stay"); }
function changed() { askPreview(); drawPlan(view); }
function askPreview() { previewText = planText(); send({ type: "preview", text: previewText }); }
function onPreview(m) {
  preview = m.ok ? m : null;
  $("preview").textContent = m.ok ? t("If nobody else moved: +{points} ({explain})", { points: m.points, explain: m.explain }) : m.reason;
  if (view) paintBoard(view);
}
$("keep").addEventListener("click", () => { plan.switch = false; changed(); });
$("switch").addEventListener("click", () => { plan.switch = true; changed(); });
$("undo-step").addEventListener("click", () => { plan.actions.pop(); changed(); });
$("clear").addEventListener("click", () => { plan = { switch: false, actions: [] }; changed(); });
$("submit").addEventListener("click", () => {
  if (!view) return;
  if (view.phase === "setup") { if (pick !== null) send({ type: "move", text: "start " + cellName(pick) }); }
  else send({ type: "move", text: planText() });
});
$("board").addEventListener("click", (e) => {
  if (!view || view.phase !== "setup" || view.submitted_plan) return;
  const r = e.target.getBoundingClientRect(), n = view.size;
  const c = Math.floor((e.clientX - r.left) / r.width * n), row = Math.floor((e.clientY - r.top) / r.height * n);
  const cell = row * n + c;
  if (view.board[cell] !== view.elements[view.seat]) { toast(t("{cell} is not your element: pick one of yours", { cell: cellName(cell) })); return; }
  pick = cell; drawPlan(view);
});
function paintBoard(s) {
  const cv = $("board"), g = cv.getContext("2d"), n = s.size, w = cv.width / n, col = colours();
  const glyphs = ["▲", "●", "♣"];
  g.clearRect(0, 0, cv.width, cv.height);
  const mineEl = s.elements[s.seat];
  for (let c = 0; c < n * n; c++) {
    const x = (c % n) * w, y = Math.floor(c / n) * w, t = s.board[c];
    g.globalAlpha = (s.phase === "setup" && t !== mineEl) ? 0.35 : 1;
    g.fillStyle = col[t]; g.fillRect(x + 1, y + 1, w - 2, w - 2);
    if (s.glyphs) { g.fillStyle = "rgba(255,255,255,.7)"; g.font = (w * 0.45) + "px sans-serif";
      g.textAlign = "center"; g.textBaseline = "middle"; g.fillText(glyphs[t], x + w / 2, y + w / 2); }
  }
  g.globalAlpha = 1;
  const dot = (cell, fill, r) => { g.beginPath(); g.arc((cell % n + .5) * w, (Math.floor(cell / n) + .5) * w, r, 0, 7);
    g.fillStyle = fill; g.fill(); g.lineWidth = 2; g.strokeStyle = "#fff"; g.stroke(); };
  s.positions.forEach((p, i) => { if (p >= 0 && i !== s.seat) dot(p, "rgba(20,20,30,.55)", w * .2); });
  if (preview && preview.path && previewText === planText()) {
    g.strokeStyle = "#fff"; g.lineWidth = 3; g.beginPath();
    const pts = [s.positions[s.seat]].concat(preview.path);
    pts.forEach((p, i) => { const x = (p % n + .5) * w, y = (Math.floor(p / n) + .5) * w; i ? g.lineTo(x, y) : g.moveTo(x, y); });
    g.stroke();
    for (const c of preview.converts) { g.strokeStyle = "#ffe066"; g.strokeRect((c % n) * w + 3, Math.floor(c / n) * w + 3, w - 6, w - 6); }
  }
  const me = s.phase === "setup" ? pick : s.positions[s.seat];
  if (me !== null && me >= 0) dot(me, col[plan.switch ? (mineEl + 1) % 3 : mineEl], w * .32);
}

// -- start -------------------------------------------------------------------------------
$("room").value = (params.get("room") || "").toUpperCase();
$("name").value = localStorage.getItem("crystal-arcade-name") || "";
$("record").checked = !!localStorage.getItem("crystal-arcade-keep");
if (room().length === 4) connect(resume); else connect(null);
