// The protest room: the rightofway library, running in the page under Pyodide, rules the
// position shown; every drag, turn or edit asks it again. No network: the runtime, the
// wheels and the scenario states are files of the built book (docs/_ext/room.py).

const BASE = new URL("../_room/", import.meta.url);
const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";

const room = {
  py: null, // the rightofway.room module, once loaded
  index: [], // [{id, title, ruleset}]
  ruleset: null,
  scenario: null, // the id the state came from
  state: null,
  result: null,
  timings: { start: performance.now(), runtime: null, first: null, updates: [] },
};
window.room = room;

// For tests and embedding pages: the screen point (CSS pixels) of a board point.
room.screenOf = (x, y) => {
  const svg = $("room-board").querySelector("svg");
  const [sx, sy] = toSvg(room.result.board.to_svg, x, y);
  const pt = svg.createSVGPoint();
  pt.x = sx;
  pt.y = sy;
  const q = pt.matrixTransform(svg.getScreenCTM());
  return [q.x, q.y];
};

function status(text) {
  $("room-status").textContent = text;
}

function b64encode(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function b64decode(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

async function fetchJSON(path) {
  const response = await fetch(new URL(path, BASE));
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

async function loadRuntime() {
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", BASE).href);
  // The library and networkx, installed and compiled to bytecode when the book was built.
  const bundle = fetch(new URL("bundle.zip", BASE)).then((r) => {
    if (!r.ok) throw new Error(`bundle.zip: ${r.status}`);
    return r.arrayBuffer();
  });
  const py = await loadPyodide({ indexURL: new URL("pyodide/", BASE).href });
  const site = py.runPython("import site; site.getsitepackages()[0]");
  py.unpackArchive(new Uint8Array(await bundle), "zip", { extractDir: site });
  room.py = py.pyimport("rightofway.room");
  room.timings.runtime = performance.now() - room.timings.start;
}

function ruleNow() {
  const t0 = performance.now();
  const out = JSON.parse(room.py.rule_json(room.ruleset, JSON.stringify(room.state)));
  const spent = performance.now() - t0;
  return [out, spent];
}

// --- the state: values at paths ------------------------------------------------------

function getAt(obj, path) {
  let o = obj;
  for (const key of path) {
    if (o === undefined || o === null) return undefined;
    o = o[key];
  }
  return o;
}

function setAt(obj, path, value) {
  let o = obj;
  for (let i = 0; i < path.length - 1; i++) {
    if (o[path[i]] === undefined || o[path[i]] === null) {
      o[path[i]] = typeof path[i + 1] === "number" ? [] : {};
    }
    o = o[path[i]];
  }
  const last = path[path.length - 1];
  if (value === undefined) {
    if (Array.isArray(o)) o[last] = null;
    else delete o[last];
  } else {
    o[last] = value;
  }
}

// --- showing the ruling ----------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function showSummary(lines, error) {
  const ul = $("ruling-summary");
  ul.replaceChildren(...lines.map((line) => el("li", { text: line })));
  const err = $("room-error");
  err.hidden = !error;
  err.textContent = error || "";
  ul.dataset.error = error ? "true" : "false";
  ul.dataset.ready = "true";
}

function showExplanation(sections) {
  const box = $("room-explanation");
  box.replaceChildren();
  for (const section of sections) {
    box.append(el("p", { class: "room-section-title", text: section.title }));
    const ol = el("ol", { class: "room-steps" });
    for (const step of section.steps) {
      const li = el("li", { class: `room-step room-${step.kind}` });
      li.append(el("span", { class: "room-cite", text: `[${step.cite}]` }), " ", step.text);
      if (step.detail) li.append(el("span", { class: "room-detail", text: step.detail }));
      ol.append(li);
    }
    box.append(ol);
  }
}

function showRelations(relations) {
  const table = $("room-relations");
  table.replaceChildren();
  if (!relations.length) {
    table.append(el("tr", {}, el("td", { text: "No boat must keep clear of another." })));
    return;
  }
  table.append(el("tr", {}, el("th", { text: "keeps clear" }), el("th", { text: "of" }),
    el("th", { text: "why" })));
  for (const r of relations) {
    table.append(el("tr", {}, el("td", { text: r.giver }), el("td", { text: r.holder }),
      el("td", { text: `${r.why} [${r.cite}]` })));
  }
}

function showGraph(graph) {
  const box = $("room-graph");
  box.replaceChildren();
  const nodes = graph.nodes || [];
  if (!nodes.length) return;
  const size = 180, r = 62, c = size / 2;
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("class", "room-graph-svg");
  svg.setAttribute("role", "img");
  const at = {};
  nodes.forEach((n, i) => {
    const a = (2 * Math.PI * i) / nodes.length - Math.PI / 2;
    at[n] = [c + r * Math.cos(a), c + r * Math.sin(a)];
  });
  const defs = document.createElementNS(SVGNS, "defs");
  defs.innerHTML = '<marker id="room-arrow" viewBox="0 0 10 10" refX="10" refY="5" ' +
    'markerWidth="6" markerHeight="6" orient="auto"><path d="M0,0L10,5L0,10z"/></marker>';
  svg.append(defs);
  const list = el("ul", { class: "room-edges" });
  for (const e of graph.edges || []) {
    const [x1, y1] = at[e.from] || [c, c];
    const [x2, y2] = at[e.to] || [c, c];
    const d = Math.hypot(x2 - x1, y2 - y1) || 1;
    const k = 14 / d;
    const line = document.createElementNS(SVGNS, "line");
    line.setAttribute("x1", x1 + (x2 - x1) * k);
    line.setAttribute("y1", y1 + (y2 - y1) * k);
    line.setAttribute("x2", x2 - (x2 - x1) * k);
    line.setAttribute("y2", y2 - (y2 - y1) * k);
    line.setAttribute("marker-end", "url(#room-arrow)");
    line.setAttribute("class", "room-edge");
    svg.append(line);
    list.append(el("li", { text: `${e.from} → ${e.to}${e.label ? ": " + e.label : ""}` }));
  }
  for (const n of nodes) {
    const g = document.createElementNS(SVGNS, "g");
    const circle = document.createElementNS(SVGNS, "circle");
    circle.setAttribute("cx", at[n][0]);
    circle.setAttribute("cy", at[n][1]);
    circle.setAttribute("r", 13);
    const text = document.createElementNS(SVGNS, "text");
    text.setAttribute("x", at[n][0]);
    text.setAttribute("y", at[n][1] + 4);
    text.setAttribute("text-anchor", "middle");
    text.textContent = n;
    g.append(circle, text);
    svg.append(g);
  }
  box.append(svg, list);
}

// --- the board: the drawing with handles to drag --------------------------------------

function toSvg(m, x, y) {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

function fromSvg(m, sx, sy) {
  const det = m[0] * m[3] - m[1] * m[2];
  const dx = sx - m[4], dy = sy - m[5];
  return [(m[3] * dx - m[2] * dy) / det, (-m[1] * dx + m[0] * dy) / det];
}

function snapValue(board, v) {
  return board.snap ? Math.round(v / board.snap) * board.snap : Math.round(v * 1000) / 1000;
}

function showBoard(result) {
  const box = $("room-board");
  box.innerHTML = result.svg;
  const svg = box.querySelector("svg");
  if (!svg || !result.board) return;
  if (!svg.getAttribute("viewBox") && svg.getAttribute("width")) {
    svg.setAttribute("viewBox", `0 0 ${parseFloat(svg.getAttribute("width"))} ` +
      `${parseFloat(svg.getAttribute("height"))}`);
  }
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.classList.add("room-svg");
  const board = result.board;
  const layer = document.createElementNS(SVGNS, "g");
  layer.setAttribute("class", "room-handles");
  board.items.forEach((item, i) => {
    const [sx, sy] = toSvg(board.to_svg, item.at[0], item.at[1]);
    const handle = document.createElementNS(SVGNS, "circle");
    handle.setAttribute("cx", sx);
    handle.setAttribute("cy", sy);
    handle.setAttribute("r", 9);
    handle.setAttribute("class", `room-handle room-handle-${item.kind}`);
    handle.dataset.item = String(i);
    handle.dataset.id = item.id;
    const title = document.createElementNS(SVGNS, "title");
    title.textContent = `drag ${item.kind} ${item.id}`;
    handle.append(title);
    handle.addEventListener("pointerdown", (ev) => startDrag(ev, svg, board, item, handle));
    layer.append(handle);
  });
  svg.append(layer);
}

let dragging = null;

function pointerToBoard(ev, svg, board) {
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX;
  pt.y = ev.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  const [x, y] = fromSvg(board.to_svg, p.x, p.y);
  return [snapValue(board, x), snapValue(board, y)];
}

function startDrag(ev, svg, board, item, handle) {
  ev.preventDefault();
  handle.setPointerCapture(ev.pointerId);
  dragging = { svg, board, item, handle, at: item.at.slice(), pending: false };
  const move = (e) => {
    const at = pointerToBoard(e, svg, board);
    const [sx, sy] = toSvg(board.to_svg, at[0], at[1]);
    handle.setAttribute("cx", sx);
    handle.setAttribute("cy", sy);
    dragging.at = at;
  };
  const up = (e) => {
    move(e);
    handle.removeEventListener("pointermove", move);
    handle.removeEventListener("pointerup", up);
    const at = dragging.at;
    dragging = null;
    if (at[0] !== item.at[0] || at[1] !== item.at[1]) {
      setAt(room.state, item.path, at);
      update();
    }
  };
  handle.addEventListener("pointermove", move);
  handle.addEventListener("pointerup", up);
}

// --- the controls: positions, headings, wind and the ruleset's other inputs ------------

function input(spec, onChange) {
  const value = spec.value;
  let node;
  if (spec.type === "bool") {
    node = el("input", { type: "checkbox" });
    node.checked = Boolean(value);
    node.addEventListener("change", () => onChange(node.checked));
  } else if (spec.choices) {
    node = el("select");
    const choices = spec.choices.slice();
    if (value === null || value === undefined) node.append(el("option", { value: "", text: "—" }));
    for (const c of choices) {
      const option = el("option", { value: JSON.stringify(c), text: c === null ? "—" : String(c) });
      if (JSON.stringify(c) === JSON.stringify(value)) option.selected = true;
      node.append(option);
    }
    node.addEventListener("change", () => onChange(node.value === "" ? undefined : JSON.parse(node.value)));
  } else if (spec.type === "number") {
    node = el("input", { type: "number", step: "any" });
    node.value = value ?? "";
    node.addEventListener("change", () => onChange(node.value === "" ? undefined : Number(node.value)));
  } else {
    node = el("input", { type: "text" });
    node.value = value === null || value === undefined ? "" :
      typeof value === "string" ? value : JSON.stringify(value);
    node.addEventListener("change", () => {
      const text = node.value.trim();
      if (text === "") return onChange(undefined);
      if (typeof value === "string" || value === undefined || value === null) {
        if (/^[[{]/.test(text)) {
          try { return onChange(JSON.parse(text)); } catch { /* text as given */ }
        }
        return onChange(text);
      }
      try { onChange(JSON.parse(text)); } catch { onChange(text); }
    });
  }
  return node;
}

function showControls(board) {
  const form = $("room-controls");
  form.replaceChildren();
  if (!board) return;
  const change = (path) => (value) => { setAt(room.state, path, value); update(); };
  if (board.wind) {
    const spec = { ...board.wind, type: board.wind.choices ? "choice" : "number" };
    form.append(el("label", { class: "room-field" }, "wind ", input(spec, change(board.wind.path))));
  }
  for (const item of board.items) {
    const row = el("div", { class: "room-item" });
    row.append(el("span", { class: "room-item-name", text: `${item.kind} ${item.id}` }));
    ["x", "y"].forEach((axis, k) => {
      const spec = { type: "number", value: item.at[k] };
      const node = input(spec, (v) => {
        const at = item.at.slice();
        at[k] = v === undefined ? 0 : v;
        setAt(room.state, item.path, at);
        update();
      });
      node.setAttribute("aria-label", `${item.id} ${axis}`);
      node.dataset.axis = axis;
      node.dataset.id = item.id;
      row.append(el("label", {}, `${axis} `, node));
    });
    if (item.heading) {
      const spec = { ...item.heading, type: item.heading.choices ? "choice" : "number" };
      const node = input(spec, change(item.heading.path));
      node.dataset.heading = item.id;
      row.append(el("label", {}, "heading ", node));
    }
    form.append(row);
  }
  for (const field of board.fields || []) {
    const node = input(field, change(field.path));
    node.dataset.field = field.label;
    form.append(el("label", { class: "room-field" }, `${field.label} `, node));
  }
}

// --- one update: rule, show, remember in the URL ---------------------------------------

function remember() {
  const url = new URL(window.location.href);
  if (room.scenario) url.searchParams.set("scenario", room.scenario);
  url.hash = "s=" + b64encode(JSON.stringify({ r: room.ruleset, s: room.state }));
  history.replaceState(null, "", url);
}

function update() {
  const began = performance.now();
  const [result, spent] = ruleNow();
  if (result.error) {
    showSummary([], result.error);
    status(`the position cannot be ruled: ${result.error}`);
  } else {
    room.result = result;
    showSummary(result.summary, null);
    showBoard(result);
    showRelations(result.relations || []);
    showGraph(result.graph || { nodes: [], edges: [] });
    showExplanation(result.explanation || []);
    showControls(result.board);
    status(`ruled in ${spent.toFixed(0)} ms`);
  }
  // The time a reader waits: the ruling and the page showing it.
  if (room.timings.first === null) room.timings.first = performance.now() - room.timings.start;
  else room.timings.updates.push(performance.now() - began);
  $("room").dataset.updates = String(room.timings.updates.length);
  $("room").dataset.rulings = String(room.timings.updates.length + 1);
  remember();
  $("room-yaml-box").hidden = true;
}

// --- choosing a scenario -----------------------------------------------------------------

function fillPickers() {
  const rulesets = [...new Set(room.index.map((e) => e.ruleset))];
  const rs = $("room-ruleset");
  rs.replaceChildren(...rulesets.map((r) => el("option", { value: r, text: r })));
  rs.value = room.ruleset;
  const sc = $("room-scenario");
  sc.replaceChildren(...room.index.filter((e) => e.ruleset === room.ruleset)
    .map((e) => el("option", { value: e.id, text: `${e.id}: ${e.title}` })));
  if (room.scenario) sc.value = room.scenario;
}

async function open(id) {
  const entry = room.index.find((e) => e.id === id);
  if (!entry) throw new Error(`no scenario ${id} in the catalogue`);
  room.state = await fetchJSON(`scenarios/${id}.json`);
  room.ruleset = entry.ruleset;
  room.scenario = id;
  fillPickers();
}

async function start() {
  const runtime = loadRuntime();
  room.index = await fetchJSON("index.json");
  const params = new URL(window.location.href).searchParams;
  const hash = window.location.hash.startsWith("#s=") ? window.location.hash.slice(3) : null;
  const wanted = params.get("scenario") || room.index[0].id;
  await open(wanted);
  if (hash) {
    const shared = JSON.parse(b64decode(hash));
    room.ruleset = shared.r;
    room.state = shared.s;
    fillPickers();
  }
  status("Loading the Python runtime…");
  await runtime;
  update();
  $("room").dataset.ready = "true";
  $("room").dataset.firstRulingMs = room.timings.first.toFixed(0);

  $("room-ruleset").addEventListener("change", async (ev) => {
    const first = room.index.find((e) => e.ruleset === ev.target.value);
    await open(first.id);
    update();
  });
  $("room-scenario").addEventListener("change", async (ev) => {
    await open(ev.target.value);
    update();
  });
  $("room-export").addEventListener("click", exportYaml);
  $("room-share").addEventListener("click", share);
}

function exportYaml() {
  const state = { ...room.state };
  if (room.scenario && state.id === room.scenario) state.id = `${room.scenario}-room`;
  const out = JSON.parse(room.py.scenario_yaml_json(room.ruleset, JSON.stringify(state)));
  const text = out.error ? `# this position cannot be written: ${out.error}\n` : out.yaml;
  $("room-yaml").textContent = text;
  const link = $("room-yaml-download");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/yaml" }));
  link.download = `${state.id || "scenario"}.yaml`;
  $("room-yaml-box").hidden = false;
}

async function share() {
  const field = $("room-link");
  field.value = window.location.href;
  field.hidden = false;
  field.select();
  try {
    await navigator.clipboard.writeText(window.location.href);
    status("link copied");
  } catch {
    status("copy the link from the field");
  }
}

start().catch((e) => {
  status(`the room could not start: ${e.message}`);
  showSummary([], String(e.message));
  $("room").dataset.ready = "true";
});
