// search_viz's film player: one player for every host (Streamlit, a notebook, a standalone page).
//
// A film is a scene (an SVG drawn once by matplotlib, its changing parts numbered "sv<n>")
// and, per step, only what changes: items' looks, moves and marks, and the panels (the
// sentence, the pseudocode line, the counters, small tables). The player applies those
// changes itself: a click never waits for a server. Long films come in chunks of steps,
// each opening with a keyframe; the player fetches the next chunk before it is needed.
//
// mountPlayer(root, data, hooks) builds a player in `root` and returns it; player.update(data)
// gives it new films or options (Streamlit does this on every rerun). `data` is
//   { films: [{ header: <object> | url: <string>, chunks: [<url or base64 gzip>...] }],
//     titles: [...], present, start: {step, nonce}, share, export, urlStep, report,
//     controls: false (a picture only), panels: false (no sentence, counters, code),
//     practice: true (open in practice mode; so do `?practice=1` and a film's meta.practice),
//     newProblem: true (the host can make a new practice problem),
//     edit: { hint, undo, answer } (the host takes edits of the problem: see Editor) }
// and `hooks` are { exportStep(step), reportStep(step), newProblem(), edit(change) } where the
// host has them.

const SPEEDS = [0.5, 1, 2, 4, 10, 30];
const DEFAULT_SPEED = 2;
const HIDDEN = 0;
const SHOWN = 1;
const SVG_NS = "http://www.w3.org/2000/svg";
const MARK_FONT = "DejaVu Sans, Verdana, Geneva, sans-serif";
// How far ahead (in steps) the next chunk is fetched.
const PREFETCH = 150;
// How far ahead (in steps) of an opening's end its rest is asked for: a student who looks at
// its first steps only does not have the whole film made.
const REST_AHEAD = 60;
// How far ahead (in steps) the next part of a film whose later steps come in parts (`parts`
// in its spec) is asked for: made in about a second, it is there before a student who
// plays at 30 steps a second reaches it.
const PART_AHEAD = 300;
// How many of its longest prompts and verdicts practice lays out to find the tallest, to keep
// its box one height above a wide picture.
const MEASURED_TEXTS = 200;
// While the host makes the rest of an opening (a long film's first steps), the player asks
// again this often (ms) until it has come.
const REST_POLL_MS = 700;
// Chromium refuses more than about 100 history changes in 10 s: the URL follows playback
// at most this often (ms), and exactly when playback stops.
const URL_EVERY = 400;
// After an edit answered by the player alone, Share waits at most this long (ms) for the page's
// run that writes the edited problem into the link.
const LINK_WAIT_MS = 5000;
// Above this speed (steps per second) changes are not animated: each would be cut short.
const ANIMATE_UP_TO = 8;
// A change made one step at a time eases in: its item's colours, place and opacity. Written
// on the items a step changes, not in the style sheet for every shape of the picture, whose
// first styling that would make slower (a new film's mount).
const EASED = "transition:fill .25s,stroke .25s,transform .25s,opacity .25s";
// A phone shows a picture wide enough for its smallest text to be this tall (CSS px).
const READABLE_PX = 11;
// matplotlib's SVG writes a text of size s points as glyphs scaled by s / GLYPH_UNITS.
const GLYPH_UNITS = 100;
// The space between the picture and the panels under it (px; .svp-film's row gap).
const PANEL_GAP = 9;
// Beside a picture the code box shows at least this many lines (it scrolls to the lit one).
const CODE_LINES = 4;
// How many of a film's longest sentences (and tables) are measured to reserve their room.
const RESERVE_CANDIDATES = 32;
// A swipe across the picture: at least this far sideways (px), within this time (ms).
const SWIPE_PX = 50;
const SWIPE_MS = 700;
// A screen reader hears each step's sentence and the picture's description (a film's panel "d"):
// once stepping stops for SPEAK_AFTER ms (a held arrow key is heard where it stops), and while
// playing at most every SPEAK_EVERY ms, so that playback never floods it.
const SPEAK_AFTER = 300;
const SPEAK_EVERY = 6000;

let playerCount = 0;

// The sizes the player measures and writes as CSS variables. Each is set on the elements whose
// rules read it, and registered as not inherited: a variable written on an element that holds
// the picture would otherwise restyle every shape inside it (thousands in a maze), and a new
// film's mount writes several.
const LAYOUT_VARS = ["--svp-room", "--svp-fit", "--svp-bar", "--svp-note-room", "--svp-readable", "--svp-natural"];
function registerLayoutVars() {
  if (typeof CSS === "undefined" || !CSS.registerProperty) return;
  for (const name of LAYOUT_VARS) {
    try {
      CSS.registerProperty({ name, syntax: "*", inherits: false });
    } catch (error) {
      // registered already: by another copy of this script on the page
    }
  }
}
registerLayoutVars();

// Write a CSS variable only when its value changes (a write restyles the element).
function setVar(node, name, value) {
  if (node.style.getPropertyValue(name) !== value) node.style.setProperty(name, value);
}

// ------------------------------------------------------------------ data
async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

function base64Bytes(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function fetchGzipJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return gunzip(new Uint8Array(await response.arrayBuffer()));
}

// A chunk writes a mark, or a question's prompt, choices or items, once in its `shared`
// list, and the place there wherever it stands: put each back (the same object each time).
// A step's table may be written as an edit of the step before's: put each whole.
function readChunk(chunk) {
  readTables(chunk);
  const shared = chunk.shared;
  if (!shared) return;
  const marks = (places) => places.map((n) => shared[n]);
  chunk.key.m = marks(chunk.key.m);
  for (const delta of chunk.steps) if (delta.m) delta.m = marks(delta.m);
  for (const [, question] of chunk.q || []) {
    for (const part of ["p", "c", "i"]) {
      if (typeof question[part] === "number") question[part] = shared[question[part]];
    }
  }
  delete chunk.shared;
}

// A text written as [kept, keptEnd, middle] after `old` (search_viz.film.film.text_edit):
// old's first `kept` characters, the middle, then old's last `keptEnd`.
function readText(old, written) {
  if (!Array.isArray(written)) return written;
  const [kept, keptEnd, middle] = written;
  return old.slice(0, kept) + middle + old.slice(old.length - keptEnd);
}

function readTables(chunk) {
  let tables = (chunk.key.p && chunk.key.p.h) || {};
  for (const delta of chunk.steps) {
    const written = delta.p && delta.p.h;
    if (!written) continue;
    for (const name of Object.keys(written)) written[name] = readText(tables[name] || "", written[name]);
    tables = written;
  }
}

// Where each chunk of a film is fetched from: a place the header carries, or the spec's URL
// (null: inline in the header, or not sent yet).
function chunkPlaces(header, spec) {
  const later = spec.chunks || [];
  return header.chunks.map((chunk, c) =>
    typeof chunk === "string" && chunk ? chunk : later[c - 1] || null,
  );
}

// What tells films apart: a spec's id (its digest), or its URL.
function specId(spec) {
  return spec.id || spec.url || "";
}

// Where a film's header and later chunks come from: inline objects, base64 gzip, or URLs.
// A long film may come as its opening (the whole film's header, its later chunks not sent
// yet): `askRest(id, step)` asks the host for the rest, which arrives as the whole film
// (`fill`), or first as its middle, with the chunks around `step` (a part: `placeExtra`).
class FilmSource {
  constructor(spec, askRest) {
    this.spec = spec;
    this.askRest = askRest;
    this.header = null;
    this.chunks = [];
    this.pending = new Map();
    this.questions = new Map(); // step -> what it asks (practice), from the chunks loaded
    this.rest = null; // the promise of the rest, once asked for
  }

  keep(c, chunk) {
    readChunk(chunk);
    this.chunks[c] = chunk;
    for (const [step, question] of chunk.q || []) this.questions.set(step, question);
  }

  async load() {
    const spec = this.spec;
    // a header comes as an object (a page of its own), base64 gzip (an edit's), or a URL
    this.header = spec.header ||
      (spec.inline ? await gunzip(base64Bytes(spec.inline)) : await fetchGzipJson(spec.url));
    this.chunks = this.header.chunks.map(() => null);
    this.header.chunks.forEach((chunk, c) => {
      if (chunk && typeof chunk === "object") this.keep(c, chunk);
    });
    this.where = chunkPlaces(this.header, spec);
    return this.header;
  }

  chunkOf(step) {
    return Math.floor(step / this.header.chunkSteps);
  }

  has(c) {
    return c < 0 || c >= this.chunks.length || this.chunks[c] !== null;
  }

  // Chunk `c`, fetched (or, not sent yet, asked of the host); `ahead`: it is wanted for
  // later (playing on), not for the step on screen (see restThen).
  fetch(c, ahead = false) {
    if (this.has(c)) return Promise.resolve(this.chunks[c]);
    if (!this.pending.has(c)) {
      const where = this.where[c];
      if (!where) return this.restThen(c, ahead);
      // "b64:..." is a chunk carried in the page itself (offline); anything else a URL
      const load = where.startsWith("b64:")
        ? gunzip(base64Bytes(where.slice(4)))
        : fetchGzipJson(where);
      this.pending.set(
        c,
        load.then(
          (chunk) => {
            this.keep(c, chunk);
            this.pending.delete(c);
            return chunk;
          },
          (error) => {
            this.pending.delete(c); // a later fetch tries again
            throw error;
          },
        ),
      );
    }
    return this.pending.get(c);
  }

  // Chunk `c` of an opening's rest: the host is asked for the rest once; the fetch goes on
  // when it has arrived, for the whole film's chunk that holds the same step. The step asked
  // for is the chunk's first, whose part starts a chunk before (a step back from a jump);
  // `ahead`, the next chunk's, whose part starts at `c` (the one before is held).
  restThen(c, ahead = false) {
    if (!this.rest) {
      if (!this.askRest) return Promise.reject(new Error("this part of the replay was not sent"));
      this.rest = new Promise((resolve, reject) => {
        this.restArrived = resolve;
        this.restRefused = reject;
      });
      const first = (c + (ahead ? 1 : 0)) * this.header.chunkSteps;
      this.askedStep = Math.min(first, this.header.steps - 1);
      this.askRest(this.spec.id, this.askedStep);
    }
    const step = c * this.header.chunkSteps;
    return this.rest.then(() => this.fetch(this.chunkOf(step)));
  }

  // The whole film of the opening this source holds (`spec.opens` holds the opening's id), or
  // the film's middle (its first chunks, the later ones still to come): its header's looks
  // and question count, and where its later chunks are. Its steps begin as the opening's,
  // cut in longer chunks: the first (in its header) holds the opening's steps and those
  // after them. (It may come again, in a later answer: the chunks stay.) After a middle,
  // a chunk still to come asks the host again, for the whole film.
  async fill(spec) {
    const whole = await fetchGzipJson(spec.url);
    if (whole.steps !== this.header.steps) throw new Error("the rest is of another replay");
    this.header.looks = whole.looks;
    this.header.asks = whole.asks;
    if (whole.chunkSteps !== this.header.chunkSteps) {
      this.header.chunkSteps = whole.chunkSteps;
      this.chunks = whole.chunks.map(() => null);
      this.keep(0, whole.chunks[0]);
    }
    this.where = chunkPlaces(whole, spec);
    this.placeExtra(spec.extra);
    this.spec = spec;
    clearTimeout(this.again);
    const arrived = this.restArrived;
    if (this.sentSteps() < this.header.steps) {
      this.rest = null; // a middle: what waits for a later chunk asks again, with its id
      this.restArrived = this.restRefused = null;
    } else {
      this.restMade = true;
    }
    if (arrived) arrived();
  }

  // A part of the whole film (`extra`: chunk number -> URL, in the whole film's chunks) sent
  // with its middle, where the student asked for a step far beyond it: its chunks are
  // fetched at once (the host keeps them only while it sends them). Whether any was new.
  placeExtra(extra) {
    let placed = false;
    for (const [key, url] of Object.entries(extra || {})) {
      const c = Number(key);
      if (!(c < this.where.length) || this.where[c] || this.has(c)) continue;
      this.where[c] = url;
      placed = true;
      this.fetch(c).catch(() => {
        if (this.where[c] === url) this.where[c] = null; // gone: a later ask has it sent again
      });
    }
    return placed;
  }

  // A part came in an answer that sent nothing else new: what waited for the rest goes on
  // (a chunk still missing asks again, with its step).
  takePart(extra) {
    if (!this.placeExtra(extra) || !this.rest || this.restMade) return;
    clearTimeout(this.again);
    const arrived = this.restArrived;
    this.rest = null;
    this.restArrived = this.restRefused = null;
    if (arrived) arrived();
  }

  // How many steps were sent: all of them, but the first chunk's alone for an opening whose
  // rest has not come (its question count is theirs).
  sentSteps() {
    const unsent = this.where.findIndex((where, c) => !where && !this.has(c));
    return unsent < 0 ? this.header.steps : unsent * this.header.chunkSteps;
  }

  // The host said it is still making the rest asked for: ask again soon.
  askAgain() {
    if (!this.rest || this.restMade) return;
    clearTimeout(this.again);
    this.again = setTimeout(() => this.askRest(this.spec.id, this.askedStep), REST_POLL_MS);
  }

  // The host could not make the rest asked for: what waits for it stops waiting.
  refuse(why) {
    if (!this.rest || this.restMade) return;
    clearTimeout(this.again);
    this.restRefused(new Error(why));
  }
}

// ------------------------------------------------------------ one film on screen
function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text !== null) node.textContent = text;
  return node;
}

// The scene's ids are made unique on the page: two films may both hold "sv3" or a clip path.
function prefixIds(svg, prefix) {
  return svg
    .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
}

class FilmView {
  constructor(source, box, title, player, compare) {
    this.source = source;
    this.header = source.header;
    this.player = player;
    this.box = box;
    const header = this.header;
    this.n = header.steps;
    this.meta = header.meta || {};
    this.name = title.split(":")[0]; // compare mode: "Plain BFS" of "Plain BFS: forward only"
    this.prefix = `svp${++playerCount}-`;
    box.replaceChildren();
    // compare mode: "Finished after n steps" after the title, its room kept from the start
    this.finished = el("span", { class: "svp-finished", style: "visibility:hidden" },
      `Finished after ${this.n} steps.`);
    this.finished.hidden = !compare;
    this.title = title ? el("div", { class: "svp-titles" }) : null; // the title and that line
    if (this.title) {
      this.title.append(el("div", { class: "svp-title" }, title), this.finished);
      box.append(this.title);
    } else box.append(this.finished);
    this.picture = el("div", { class: "svp-picture" });
    this.side = el("div", { class: "svp-side" });
    this.note = el("div", { class: "svp-note" }); // seen; heard through `this.spoken`
    // the picture in words, after it in reading order (hidden on screen: the picture shows it)
    this.description = el("div", { class: "svp-description svp-sr" });
    this.spoken = el("div", { class: "svp-spoken svp-sr", "aria-live": "polite", "aria-atomic": "true" });
    this.spokenAt = -Infinity;
    this.heightsFound = new Map(); // the panels' reserved heights, by what they depend on
    this.counters = el("div", { class: "svp-counters" });
    // the code box scrolls: a name, and a place in the Tab order, for keyboards and readers
    this.code = el("div", { class: "svp-code", role: "region", tabindex: "0",
      "aria-label": "Pseudocode, the line being executed marked" });
    this.tables = el("div", { class: "svp-tables" });
    this.compare = compare;
    if (compare) {
      box.append(this.picture, this.note, this.counters, this.tables);
    } else {
      this.side.append(this.note, this.counters, this.code, this.tables);
      box.append(this.picture, this.side);
    }
    this.picture.innerHTML = prefixIds(header.svg, this.prefix);
    this.svg = this.picture.querySelector("svg");
    const [width, height] = this.meta.size || [400, 300];
    this.svg.removeAttribute("width");
    this.svg.removeAttribute("height");
    this.svg.setAttribute("role", "img");
    this.svg.setAttribute("aria-label", this.meta.title || "search picture");
    this.picture.append(this.description, this.spoken);
    setVar(this.svg, "--svp-natural", `${(width * 4) / 3}px`);
    this.svg.style.aspectRatio = `${width} / ${height}`;
    this.marksLayer = document.createElementNS(SVG_NS, "g");
    this.marksLayer.setAttribute("class", "svp-marks");
    this.svg.append(this.marksLayer);

    const count = header.items;
    this.items = new Array(count);
    this.baseStyle = new Array(count);
    const ids = this.picture.querySelectorAll(`[id^="${this.prefix}sv"]`);
    const skip = this.prefix.length + 2;
    for (const node of ids) {
      const number = Number(node.id.slice(skip));
      if (Number.isInteger(number) && number < count) {
        this.items[number] = node;
        this.baseStyle[number] = node.getAttribute("style") || "";
      }
    }
    this.base = new Int16Array(count);
    for (const i of header.base) this.base[i] = SHOWN;
    this.look = Int16Array.from(this.base);
    this.moves = new Map();
    this.marks = [];
    this.panel = {};
    this.lookCss = header.looks || [];
    this.markStyles = header.markStyles || {};
    // a shown item's style is its own already: only the hidden ones are restyled at the start
    for (let i = 0; i < count; i++) if (this.look[i] !== SHOWN) this.paint(i, false);
    // a phone shows the picture at least this wide, and the student pans it (see player.css)
    setVar(this.svg, "--svp-readable", `${this.readableWidth()}px`);
    this.picture.addEventListener("touchstart", (event) => this.touchStart(event), { passive: true });
    this.picture.addEventListener("touchend", (event) => this.touchEnd(event), { passive: true });
    this.renderCode();
    this.at = -1;
  }

  // -- the picture
  // How wide the picture must be for its smallest text to be READABLE_PX tall: matplotlib
  // draws a text as glyphs scaled by (size in points) / GLYPH_UNITS, and marks carry a size.
  readableWidth() {
    let smallest = Infinity;
    for (const g of this.svg.querySelectorAll('g[transform*="scale("]')) {
      const scale = /scale\(\s*([\d.e+-]+)[\s,]+-/.exec(g.getAttribute("transform"));
      if (scale && g.querySelector(":scope > use")) {
        smallest = Math.min(smallest, Number(scale[1]) * GLYPH_UNITS);
      }
    }
    for (const chunk of this.source.chunks) {
      if (!chunk) continue;
      for (const marks of [chunk.key.m, ...chunk.steps.map((delta) => delta.m)]) {
        for (const mark of marks || []) {
          const style = mark[0] === "line" ? null : this.markStyles[mark[mark.length - 1]];
          if (style && style.size) smallest = Math.min(smallest, style.size);
        }
      }
    }
    const box = this.svg.viewBox && this.svg.viewBox.baseVal;
    if (!Number.isFinite(smallest) || !box || !box.width) return 0;
    return Math.ceil((READABLE_PX * box.width) / smallest);
  }

  // A picture wider than its box (a phone) opens at its focus: the film's `focus`, a fraction
  // of its width (local search's board), else its middle (a tree's root).
  centrePicture() {
    const box = this.picture;
    const spare = box.scrollWidth - box.clientWidth;
    if (spare <= 0) return;
    const focus = typeof this.meta.focus === "number" ? this.meta.focus : 0.5;
    box.scrollLeft = Math.max(0, Math.min(spare, focus * box.scrollWidth - box.clientWidth / 2));
  }

  // A quick sideways swipe across the picture steps (to the left: forward), unless it panned
  // a picture wider than the screen.
  touchStart(event) {
    const touch = event.touches[0];
    this.touch = event.touches.length === 1
      ? { x: touch.clientX, y: touch.clientY, at: performance.now(), left: this.picture.scrollLeft }
      : null;
  }

  touchEnd(event) {
    const start = this.touch;
    this.touch = null;
    if (!start || event.changedTouches.length !== 1) return;
    const touch = event.changedTouches[0];
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dy) > Math.abs(dx) / 2) return;
    if (performance.now() - start.at > SWIPE_MS || this.picture.scrollLeft !== start.left) return;
    this.player.go(this.player.step + (dx < 0 ? 1 : -1), true);
  }

  // Item i as its look and move say. `eased`: the change eases in (EASED); `fadeIn`: an item
  // that was hidden fades in.
  paint(i, eased = false, fadeIn = false) {
    const node = this.items[i];
    if (!node) return;
    const look = this.look[i];
    let style = this.baseStyle[i];
    if (look > SHOWN) style += ";" + (this.lookCss[look] || "");
    if (look === HIDDEN) style += ";display:none";
    const move = this.moves.get(i);
    if (move) style += `;transform:translate(${move[0]}px,${move[1]}px)`;
    if (eased) style += ";" + EASED;
    const wasHidden = node.style.display === "none";
    node.setAttribute("style", style);
    if (fadeIn && wasHidden && look !== HIDDEN && node.animate) {
      node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 260, easing: "ease-out" });
    }
  }

  setLook(i, code, eased = false, fadeIn = false) {
    if (this.look[i] === code) return;
    this.look[i] = code;
    this.paint(i, eased, fadeIn);
  }

  setMove(i, dx, dy, eased = false) {
    if (dx === 0 && dy === 0) this.moves.delete(i);
    else this.moves.set(i, [dx, dy]);
    this.paint(i, eased);
  }

  drawMarks(marks) {
    this.marks = marks;
    const layer = this.marksLayer;
    layer.replaceChildren();
    for (const mark of marks) {
      const style = this.markStyles[mark[mark.length - 1]] || {};
      let node;
      if (mark[0] === "line") {
        node = document.createElementNS(SVG_NS, "line");
        node.setAttribute("x1", mark[1]);
        node.setAttribute("y1", mark[2]);
        node.setAttribute("x2", mark[3]);
        node.setAttribute("y2", mark[4]);
        node.setAttribute("stroke", style.color || "#000");
        node.setAttribute("stroke-width", style.width || 1.5);
        node.setAttribute("stroke-linecap", "round");
        if (style.dash && style.dash.length) {
          node.setAttribute("stroke-dasharray", style.dash.map((d) => d * (style.width || 1.5)).join(","));
        }
      } else {
        node = document.createElementNS(SVG_NS, "text");
        node.setAttribute("x", mark[1]);
        node.setAttribute("y", mark[2]);
        node.setAttribute("fill", style.color || "#000");
        node.setAttribute("font-size", style.size || 10);
        node.setAttribute("font-weight", style.weight || "normal");
        node.setAttribute("font-family", MARK_FONT);
        node.setAttribute("text-anchor", style.anchor || "middle");
        node.setAttribute("dominant-baseline", style.baseline || "central");
        node.textContent = mark[3];
      }
      if (style.alpha !== undefined && style.alpha < 1) node.setAttribute("opacity", style.alpha);
      layer.append(node);
    }
  }

  // -- the state at a step
  // The state at `step`, from its chunk's keyframe: {look, moves, marks, panel}.
  stateAt(step) {
    const source = this.source;
    const chunk = source.chunks[source.chunkOf(step)];
    const look = Int16Array.from(this.base);
    const moves = new Map();
    const key = chunk.key;
    for (let j = 0; j < key.v.length; j += 2) look[key.v[j]] = key.v[j + 1];
    for (let j = 0; j < key.t.length; j += 3) moves.set(key.t[j], [key.t[j + 1], key.t[j + 2]]);
    let marks = key.m;
    const panel = Object.assign({}, key.p);
    for (let s = chunk.first + 1; s <= step; s++) {
      const delta = chunk.steps[s - chunk.first - 1];
      if (delta.v) for (let j = 0; j < delta.v.length; j += 2) look[delta.v[j]] = delta.v[j + 1];
      if (delta.t) {
        for (let j = 0; j < delta.t.length; j += 3) {
          if (delta.t[j + 1] === 0 && delta.t[j + 2] === 0) moves.delete(delta.t[j]);
          else moves.set(delta.t[j], [delta.t[j + 1], delta.t[j + 2]]);
        }
      }
      if (delta.m) marks = delta.m;
      if (delta.p) Object.assign(panel, delta.p);
    }
    return { look, moves, marks, panel };
  }

  // The delta that leads to `step` from the step before, if both lie in one chunk.
  deltaTo(step) {
    const source = this.source;
    const chunk = source.chunks[source.chunkOf(step)];
    if (step === chunk.first) return null;
    return chunk.steps[step - chunk.first - 1];
  }

  ready(step) {
    return this.source.has(this.source.chunkOf(Math.min(step, this.n - 1)));
  }

  // The rest of the opening (or middle) shown: its middle or whole film (see FilmSource.fill).
  async takeRest(spec) {
    await this.source.fill(spec);
    this.header = this.source.header;
    this.lookCss = this.header.looks || [];
  }

  show(step, animate) {
    const own = Math.min(step, this.n - 1);
    this.finished.style.visibility = step < this.n ? "hidden" : "visible";
    if (own === this.at) return;
    const delta = own === this.at + 1 ? this.deltaTo(own) : null;
    if (delta) {
      if (delta.v) for (let j = 0; j < delta.v.length; j += 2) this.setLook(delta.v[j], delta.v[j + 1], animate, animate);
      if (delta.t) for (let j = 0; j < delta.t.length; j += 3) this.setMove(delta.t[j], delta.t[j + 1], delta.t[j + 2], animate);
      if (delta.m) this.drawMarks(delta.m);
      if (delta.p) Object.assign(this.panel, delta.p);
    } else {
      const state = this.stateAt(own);
      for (let i = 0; i < state.look.length; i++) {
        if (state.look[i] !== this.look[i]) this.setLook(i, state.look[i], animate); // a step back eases
      }
      const moved = new Set([...this.moves.keys(), ...state.moves.keys()]);
      for (const i of moved) {
        const [dx, dy] = state.moves.get(i) || [0, 0];
        const [ox, oy] = this.moves.get(i) || [0, 0];
        if (dx !== ox || dy !== oy) this.setMove(i, dx, dy, animate);
      }
      if (JSON.stringify(state.marks) !== JSON.stringify(this.marks)) this.drawMarks(state.marks);
      this.panel = state.panel;
    }
    this.at = own;
    this.renderPanel(own);
  }

  // -- the panels
  // The sentence, the counters and the tables keep the height of the longest ones of the film
  // (of the chunks loaded), so that nothing below or beside them moves as they change length.
  reserve() {
    // While the student edits, the replay waits at step 0: no panel changes length, and
    // measuring the longest ones would hold back each edit's new picture (a layout of hidden
    // copies, 20-35 ms). A film shown then keeps the room of the one before it (keepRoom);
    // leaving edit mode fits the player again, which reserves then.
    if (this.player.editor.on) return;
    // fit() runs again whenever the page around the player changes size, and beside the
    // picture it tries the counters in two places; measuring costs a layout of the page, so
    // each panel's height is kept for its width, place, font and the chunks loaded: moving
    // the counters measures the counters again, not the sentence and the tables.
    const font = getComputedStyle(this.note).fontSize;
    const loaded = this.source.chunks.filter(Boolean).length;
    const panels = [
      [this.note, () => this.longest((panel) => panel.s, RESERVE_CANDIDATES)
        .map((text) => [el("b", {}, `Step ${this.n - 1}. `), document.createTextNode(text)])],
      [this.counters, () => this.longest((panel) => panel.c && JSON.stringify(panel.c), RESERVE_CANDIDATES)
        .map((text) => chips(JSON.parse(text)))],
      [this.tables, () => this.longest((panel) => panel.h && Object.values(panel.h).join(""), RESERVE_CANDIDATES)
        .map((html) => {
          const holder = el("div");
          holder.innerHTML = html; // written by search_viz, user text escaped there
          return [...holder.childNodes];
        })],
    ].map(([box, contents]) => {
      const where = `${box.className}<${box.parentNode && box.parentNode.className}`;
      return [box, contents, `${box.getBoundingClientRect().width}|${where}|${font}|${loaded}`];
    });
    const key = panels.map(([, , found]) => found).join("/");
    if (key === this.reserved) return;
    this.reserved = key;
    const unknown = panels.filter(([box, , found]) => {
      const height = this.heightsFound.get(found);
      if (height !== undefined) box.style.minHeight = height;
      return height === undefined;
    });
    if (!unknown.length) return;
    reserveHeights(unknown.map(([box, contents]) => [box, contents()]));
    if (this.heightsFound.size >= 48) this.heightsFound.clear();
    for (const [box, , found] of unknown) this.heightsFound.set(found, box.style.minHeight);
  }

  // The heights the panels hold now (their reserved room), and a film that takes them over.
  panelRoom() {
    return this.panels().map((box) => box.style.minHeight);
  }

  keepRoom(room) {
    this.panels().forEach((box, i) => { box.style.minHeight = room[i] || ""; });
  }

  panels() {
    return [this.note, this.counters, this.tables];
  }

  // Beside the picture (side layout), in `room` px from the picture's top: the picture's column
  // no wider than its height allows (the panels get the rest); the counters under the picture
  // when it leaves them room there, else under the sentence; the code box in what is left.
  fitSide(room) {
    const [width, height] = this.meta.size || [4, 3];
    setVar(this.box, "--svp-fit", `${Math.ceil((room * width) / height)}px`);
    const stacked = getComputedStyle(this.side).display !== "flex"; // a phone
    if (!stacked) {
      this.box.insertBefore(this.counters, this.side);
      this.reserve();
      const used = this.svg.getBoundingClientRect().height + this.counters.getBoundingClientRect().height;
      if (used + PANEL_GAP <= room) {
        this.fitCode();
        return;
      }
    }
    this.code.before(this.counters);
    this.reserve();
    this.fitCode();
  }

  // Above a wide picture: the code box beside the sentence as tall as it (at least CODE_LINES
  // lines), so that the picture keeps the room. (A phone stacks them: the style sheet sizes it.)
  fitHeadCode() {
    const head = this.code.parentNode;
    this.code.style.height = "";
    if (this.code.hidden || !head || getComputedStyle(head).display !== "flex") return;
    const line = parseFloat(getComputedStyle(this.code).lineHeight) || 20;
    const note = this.note.getBoundingClientRect().height;
    this.code.style.height = `${Math.ceil(Math.max(note, CODE_LINES * line + 8))}px`;
  }

  // Beside the picture: the code box as tall as the room under the other panels leaves (at
  // least CODE_LINES lines), so that the sentence, the counters, the code and the tables all
  // show. (A phone stacks them instead: there the style sheet sizes the box.)
  fitCode() {
    const side = this.side;
    this.code.style.maxHeight = "";
    if (this.code.hidden || getComputedStyle(side).display !== "flex") return;
    const shown = [...side.children].filter((child) => child.getBoundingClientRect().height > 0);
    const others = shown.filter((child) => child !== this.code)
      .reduce((sum, child) => sum + child.getBoundingClientRect().height, 0);
    const gaps = Math.max(0, shown.length - 1) * (parseFloat(getComputedStyle(side).rowGap) || 0);
    const room = window.innerHeight - Math.max(0, restingTop(side)) - 16 - others - gaps;
    const line = parseFloat(getComputedStyle(this.code).lineHeight) || 20;
    this.code.style.maxHeight = `${Math.max(room, CODE_LINES * line + 8)}px`;
  }

  // The `count` longest texts that `pick(panel)` finds in the loaded chunks' panels.
  longest(pick, count) {
    const found = new Set();
    for (const chunk of this.source.chunks) {
      if (!chunk) continue;
      for (const panel of [chunk.key.p, ...chunk.steps.map((delta) => delta.p)]) {
        const text = panel && pick(panel);
        if (text) found.add(text);
      }
    }
    return [...found].sort((a, b) => b.length - a.length).slice(0, count);
  }

  renderCode() {
    const code = this.meta.pseudocode;
    this.code.replaceChildren();
    this.codeLines = [];
    if (!code || this.compare) {
      this.code.hidden = true;
      return;
    }
    this.code.hidden = false;
    code.split("\n").forEach((text, index) => {
      const row = el("div", { class: "svp-line" });
      row.append(el("span", { class: "svp-gutter", "aria-hidden": "true" }, " "));
      row.append(el("span", { class: "svp-number", "aria-hidden": "true" }, String(index + 1)));
      row.append(document.createTextNode(text));
      this.code.append(row);
      this.codeLines.push(row);
    });
    this.lit = null;
  }

  // Scroll the code box (never the page) so that the lit line and its neighbours show.
  keepInView(row) {
    const box = this.code;
    if (box.scrollHeight <= box.clientHeight) return;
    const top = row.offsetTop - box.offsetTop;
    // the lines around it too, as many as a small box leaves room for
    const margin = Math.max(0, Math.min(row.offsetHeight * 1.5, (box.clientHeight - row.offsetHeight) / 2));
    if (top - margin < box.scrollTop) box.scrollTop = Math.max(0, top - margin);
    else if (top + row.offsetHeight + margin > box.scrollTop + box.clientHeight) {
      box.scrollTop = top + row.offsetHeight + margin - box.clientHeight;
    }
  }

  renderPanel(step) {
    const panel = this.panel;
    const sentence = panel.s || "";
    this.note.replaceChildren(el("b", {}, `Step ${step}. `), document.createTextNode(sentence));
    if (this.codeLines.length) {
      const line = panel.l;
      if (this.lit !== line) {
        if (this.lit) {
          const old = this.codeLines[this.lit - 1];
          if (old) {
            old.classList.remove("svp-lit");
            old.removeAttribute("aria-current");
            old.firstChild.textContent = " ";
          }
        }
        const row = line ? this.codeLines[line - 1] : null;
        if (row) {
          row.classList.add("svp-lit");
          row.setAttribute("aria-current", "step");
          row.firstChild.textContent = "▶";
          requestAnimationFrame(() => this.keepInView(row)); // read the layout once, before paint
        }
        this.lit = line;
      }
    }
    const counters = panel.c || [];
    const shown = JSON.stringify(counters);
    if (shown !== this.shownCounters) {
      this.shownCounters = shown;
      this.counters.replaceChildren(...chips(counters));
    }
    const tables = panel.h || {};
    const html = Object.values(tables).join("");
    if (html !== this.shownTables) {
      this.shownTables = html;
      this.tables.innerHTML = html; // written by search_viz, user text escaped there
    }
    const description = panel.d || "";
    if (this.description.textContent !== description) this.description.textContent = description;
    this.speak(step);
  }

  // A picture with items to click (a practice pick, an edit) is a group of buttons for a screen
  // reader; otherwise it is one image, whose parts a reader does not visit.
  updateRole() {
    this.svg.setAttribute("role", this.svg.querySelector('[tabindex="0"]') ? "group" : "img");
  }

  // Tell a screen reader the step shown: its sentence, then the picture in words (see
  // SPEAK_AFTER, SPEAK_EVERY). Only the latest of quick changes is said.
  speak(step) {
    const playing = this.player.playing;
    if (playing && performance.now() - this.spokenAt < SPEAK_EVERY) return;
    clearTimeout(this.speakTimer);
    this.speakTimer = setTimeout(() => {
      this.spokenAt = performance.now();
      const text = [`Step ${step}.`, this.panel.s || "", this.panel.d || ""].join(" ").trim();
      if (this.spoken.textContent !== text) this.spoken.textContent = text;
    }, playing ? 0 : SPEAK_AFTER);
  }
}

// ------------------------------------------------------------------ practice
// Practice mode: before a step that asks something plays, the student answers it; the player
// grades the answer itself (no server), plays the step when it is right, and shows the rule
// (the question's `why`) when it is not. A question of step k, from the film's chunks:
//   { k: "pick" | "value" | "choice", p: prompt, w: why, c: [labels], a: answer (the right
//     label's place, or the number; "inf" / "-inf"), i: [[item numbers] per choice] (pick) }

// A typed value is right this close to the answer (answers are shown to 2 places).
const VALUE_TOLERANCE = 0.005;
// How long a wrong pick stays marked in the picture (ms).
const WRONG_MARK_MS = 1200;
// Picks with more choices than this get no row of buttons (the picture's items are the way;
// each is reached with Tab).
const PICK_BUTTONS_UP_TO = 16;

// The edit of a part's record (`spec`) whose change does `role` (a drag's), without a number.
function actDoing(spec, role) {
  return spec.a.find((act) => act.c && act.c.do === role && act.n === undefined) || null;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The number a student typed, or null: "3", "-2.5", "−4", "inf", "-∞", "+infinity".
function typedNumber(text) {
  const t = String(text).trim().toLowerCase().replace(/\u2212/g, "-").replace(/\s+/g, "");
  const infinity = /^([+-]?)(inf|infinity|∞)$/.exec(t);
  if (infinity) return infinity[1] === "-" ? -Infinity : Infinity;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/.test(t)) return null;
  return Number(t);
}

function answerNumber(a) {
  if (a === "inf") return Infinity;
  if (a === "-inf") return -Infinity;
  return Number(a);
}

function showNumber(x) {
  if (x === Infinity) return "+∞";
  if (x === -Infinity) return "−∞";
  return String(Math.round(x * 100) / 100).replace("-", "−");
}

function urlPractice() {
  try {
    const raw = new URL(window.location.href).searchParams.get("practice");
    return raw === "1" || raw === "true";
  } catch (error) {
    return false;
  }
}

class Practice {
  constructor(player) {
    this.player = player;
    this.on = false;
    this.box = el("section", { class: "svp-practice", "aria-label": "Practice" });
    this.score = el("div", { class: "svp-score" });
    // the question is announced when it changes, as the feedback is
    this.prompt = el("div", { class: "svp-prompt", id: `svp-prompt-${++playerCount}`,
      "aria-live": "polite" });
    this.answers = el("div", { class: "svp-answers", role: "group" });
    // New choices under a pointer that has not moved (it answered the question before, at
    // the same place) show no hover look: it would seem the answer is chosen already
    this.answers.addEventListener("pointermove", () => this.answers.classList.remove("svp-unhovered"));
    this.answers.setAttribute("aria-labelledby", this.prompt.id);
    this.feedback = el("div", { class: "svp-feedback", role: "status", "aria-live": "polite" });
    this.tools = el("div", { class: "svp-practice-tools" });
    this.showMe = el("button", { type: "button", class: "svp-btn svp-show-me" }, "Show me");
    this.retry = el("button", { type: "button", class: "svp-btn svp-retry" }, "Retry");
    this.newProblem = el("button", { type: "button", class: "svp-btn svp-new-problem" }, "New problem");
    this.tools.append(this.showMe, this.retry, this.newProblem);
    // the tools share the answers' row where they fit; the verdict comes under both
    this.box.append(this.score, this.prompt, this.answers, this.tools, this.feedback);
    this.showMe.onclick = () => this.reveal();
    this.retry.onclick = () => this.restart();
    this.newProblem.onclick = () => {
      if (this.player.hooks.newProblem) this.player.hooks.newProblem();
    };
    this.marked = [];
    // set when an answer that had the keyboard goes (stepping away from its question): the
    // next question takes the keyboard back, unless the student put it elsewhere meanwhile
    this.refocus = false;
    player.box.addEventListener("focusin", () => (this.refocus = false));
    this.reset();
  }

  reset() {
    this.reached = 0;
    this.done = 0; // questions answered or shown
    this.firstTime = 0; // answered right with no mistake
    this.afterMistake = 0;
    this.shown = 0;
    this.mistakes = 0;
    this.wrongHere = 0; // mistakes on the question now asked
    this.asking = null; // the step whose question is on screen
    this.locked = false; // answered: the step is about to play
    this.verdictFor = null; // the step whose question the verdict shown is about
    this.feedback.textContent = "";
    this.feedback.className = "svp-feedback";
  }

  // The film practised: the first (in compare mode the other one plays along).
  get film() {
    return this.player.films[0] || null;
  }

  // Whether practice can run: the first film asks something.
  available() {
    const film = this.film;
    return !!film && (film.header.asks || 0) > 0;
  }

  question(step) {
    const film = this.film;
    return film ? film.source.questions.get(step) || null : null;
  }

  // The furthest step the student may go to, asking for `step`: up to just before the first
  // step beyond the one reached that asks something (loading the chunks on the way).
  async clamp(step) {
    const film = this.film;
    if (step <= this.reached) return step;
    const source = film.source;
    for (let s = this.reached + 1; s <= step; s++) {
      const c = source.chunkOf(s);
      if (!source.has(c)) await source.fetch(c);
      if (source.questions.has(s)) return s - 1;
    }
    return step;
  }

  // The student went to `step` (allowed by clamp): what they have now seen.
  arrived(step) {
    if (step > this.reached) this.reached = step;
    // a verdict stays with the step it unlocked (and the question after it, asked at once);
    // on another step it would seem to answer that step's question
    if (this.verdictFor !== null && step !== this.verdictFor) {
      this.verdictFor = null;
      this.say("", "");
    }
  }

  pending() {
    const next = this.reached + 1;
    return next < this.player.n && this.question(next) ? next : null;
  }

  blocked() {
    return this.on && (this.locked || (this.player.step >= this.reached && this.pending() !== null));
  }

  setOn(on, byUser) {
    this.on = on && this.available();
    const player = this.player;
    if (this.on && player.editor.on) player.editor.setOn(false); // one mode at a time
    player.practiceButton.setAttribute("aria-pressed", String(this.on));
    player.box.classList.toggle("svp-practising", this.on);
    // in practice mode only the items of a pick are clicked: set once, since toggling it
    // per question would restyle every element of the picture
    for (const film of player.films) film.picture.classList.toggle("svp-asking", this.on);
    if (byUser) writePracticeUrl(this.on);
    this.reset();
    if (this.on) {
      player.pause();
      this.mount();
      this.reached = 0;
      player.step = -1;
      for (const film of player.films) film.at = -1;
      player.go(0, false);
    } else {
      this.clearPicks();
      this.hideTables(false);
      this.box.remove();
      player.fit();
      player.renderControls();
    }
  }

  restart() {
    this.reset();
    this.player.pause();
    this.player.go(0, false).then(() => {
      this.player.renderControls(); // when it was at step 0 already, go() drew nothing
      this.focusAnswer();
    });
  }

  // Put the practice box by the film's sentence: under it beside a picture, beside it above a
  // wide picture, above both films in compare mode; then size the pictures for the room left.
  mount() {
    const film = this.film;
    const player = this.player;
    if (!film || (this.box.isConnected && this.mountedFor === film)) return;
    this.mountedFor = film;
    // above a picture the box keeps one height, so that no answer moves the picture
    this.box.classList.toggle("svp-practice-above",
      player.films.length > 1 || player.box.dataset.layout === "below");
    this.box.style.minHeight = ""; // worked out again for this film (sizeAbove)
    this.sizedFor = null;
    if (player.films.length > 1) player.stage.before(this.box);
    else film.note.after(this.box); // above a wide picture: in the row of the sentence
    player.fit();
  }

  // -- what is on screen
  render() {
    // while a verdict is painted on its own (advance), nothing else changes: the next
    // question comes with its step
    if (!this.on || this.locked) return;
    this.mount();
    const player = this.player;
    const n = player.n;
    const next = this.pending();
    const atEnd = this.reached >= n - 1;
    this.renderScore(atEnd);
    this.retry.hidden = !atEnd && this.done === 0;
    this.newProblem.hidden = !player.data || !player.data.newProblem || !(atEnd || this.done === 0);
    let says = null; // what the box says instead of a question
    if (atEnd) says = this.summary();
    else if (next === null) says = "This step asks nothing: press Forward (→) or Play to go on.";
    else if (player.step < this.reached) {
      says = `Looking back. The question waits at step ${this.reached}: press Forward (→) to return to it.`;
    }
    this.showMe.hidden = says !== null;
    this.hideTables(says === null);
    if (says === null) {
      this.ask(next);
      this.roomForVerdict(next);
      this.keepInBox();
      if (this.refocus) this.focusAnswer(); // the keyboard left a question: it has this one
      return;
    }
    this.ask(null);
    if (this.prompt.textContent !== says) this.prompt.textContent = says;
    this.keepInBox();
  }

  // The tables beside the picture (a frontier in order, the IDDFS rows) would tell the
  // answer: they are hidden while a question waits. (Only the tables are restyled: a class
  // on the whole player would make the browser restyle every element of a large picture.)
  hideTables(hide) {
    const film = this.film;
    if (film) film.tables.classList.toggle("svp-tables-hidden", hide);
  }

  renderScore(atEnd) {
    const film = this.film;
    const asks = film ? film.header.asks : 0;
    const left = asks - this.done;
    // an opening counts the questions of its first steps until the rest comes: "and more"
    // (short, so that the score keeps to one line beside a projected picture)
    const more = film && film.source.sentSteps() < film.header.steps ? "+" : "";
    this.score.hidden = atEnd;
    this.score.textContent = this.done
      ? `${this.firstTime} of ${this.done} right first time · ${left}${more} to go`
      : `${asks}${more} questions: answer each before its step plays.`;
  }

  summary() {
    const parts = [`Finished: ${this.firstTime} of ${this.done} right first time`];
    if (this.afterMistake) parts.push(`${this.afterMistake} right after a mistake`);
    if (this.shown) parts.push(`${this.shown} shown`);
    parts.push(`${this.mistakes} mistake${this.mistakes === 1 ? "" : "s"} in all`);
    const perfect = this.done > 0 && this.firstTime === this.done;
    return parts.join(" · ") + (perfect ? ". A perfect run!" : ". Retry to practise again.");
  }

  // Show the question of `step` (null: none) with its ways to answer.
  ask(step) {
    if (this.asking === step) return;
    const active = this.box.getRootNode().activeElement;
    // an answer, or Forward (disabled at a question), had the keyboard: the question takes it
    if (this.answers.contains(active) || (this.picks || []).includes(active) ||
        active === this.player.forward) this.refocus = true;
    this.asking = step;
    this.clearPicks();
    this.answers.replaceChildren();
    this.answers.classList.add("svp-unhovered");
    this.wrongHere = 0;
    if (step === null) return;
    const q = this.question(step);
    this.prompt.replaceChildren(el("b", {}, `Your turn (step ${step}). `), document.createTextNode(q.p));
    if (q.k === "value") {
      const field = el("input", { type: "text", class: "svp-value", inputmode: "decimal",
        autocomplete: "off", "aria-label": `${q.p} Type a number` });
      const check = el("button", { type: "button", class: "svp-btn svp-check" }, "Check");
      const submit = () => this.answerValue(step, field.value);
      check.onclick = submit;
      field.onkeydown = (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          submit();
        }
      };
      this.answers.append(field, check);
      this.field = field;
      return;
    }
    for (const index of buttonChoices(q)) {
      const b = el("button", { type: "button", class: "svp-btn svp-choice", "data-choice": String(index) }, q.c[index]);
      b.onclick = () => this.answerChoice(step, index);
      this.answers.append(b);
    }
    if (q.k === "pick") this.setPicks(step, q);
  }

  // Make the picture's items of each choice clickable and reachable with Tab.
  setPicks(step, q) {
    const film = this.film;
    this.picks = [];
    q.i.forEach((numbers, index) => {
      for (const number of numbers) {
        const node = film.items[number];
        if (!node) continue;
        node.classList.add("svp-pickable");
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", `${q.c[index]}`);
        node.dataset.choice = String(index);
        node.onclick = () => this.answerChoice(step, index);
        node.onkeydown = (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            event.stopPropagation();
            this.answerChoice(step, index);
          }
        };
        this.picks.push(node);
      }
    });
    film.updateRole();
  }

  clearPicks() {
    for (const node of this.picks || []) {
      node.classList.remove("svp-pickable", "svp-wrong");
      node.removeAttribute("tabindex");
      node.removeAttribute("role");
      node.removeAttribute("aria-label");
      delete node.dataset.choice;
      node.onclick = node.onkeydown = null;
    }
    this.picks = [];
    this.field = null;
    for (const film of this.player.films) film.updateRole();
  }

  // -- grading
  answerChoice(step, index) {
    const q = this.question(step);
    if (this.asking !== step || !q || this.locked) return;
    if (index === q.a) this.right(step, `Right: ${q.c[index]}.`);
    else this.wrong(step, q, `Not ${q.c[index]}. ${q.w}`, index);
  }

  answerValue(step, text) {
    const q = this.question(step);
    if (this.asking !== step || !q || this.locked) return;
    const given = typedNumber(text);
    if (given === null) {
      this.say(`"${String(text).slice(0, 20)}" is not a number: type one such as 3, −2.5 or −inf.`, "svp-hint");
      return;
    }
    const answer = answerNumber(q.a);
    const close = Number.isFinite(answer) && Number.isFinite(given)
      ? Math.abs(given - answer) <= VALUE_TOLERANCE
      : given === answer;
    if (close) this.right(step, `Right: ${showNumber(answer)}.`);
    else this.wrong(step, q, `Not ${showNumber(given)}. ${q.w}`, null);
  }

  right(step, text) {
    this.done += 1;
    if (this.wrongHere) this.afterMistake += 1;
    else this.firstTime += 1;
    this.verdict(step, text, "svp-right");
    this.advance(step);
  }

  wrong(step, q, text, index) {
    this.mistakes += 1;
    this.wrongHere += 1;
    this.verdict(step, text, "svp-wrong-answer");
    if (this.field) this.field.select();
    afterPaint(() => this.markWrong(index)); // the verdict first; the mark a frame later
  }

  reveal() {
    const step = this.asking;
    const q = step === null ? null : this.question(step);
    if (!q || this.locked) return;
    this.done += 1;
    this.shown += 1;
    const answer = q.k === "value" ? showNumber(answerNumber(q.a)) : q.c[q.a];
    this.verdict(step, `The answer: ${answer}. ${q.w}`, "svp-shown");
    this.advance(step);
  }

  advance(step) {
    const player = this.player;
    const active = this.box.getRootNode().activeElement; // the player may sit in a shadow root
    const focusWasHere = this.box.contains(active) || (this.picks || []).includes(active);
    this.reached = step;
    // the verdict is painted on its own first (nothing else moves); the step it unlocks
    // plays in the next frame, and the answers go with it
    this.locked = true;
    afterPaint(() => {
      this.locked = false;
      this.ask(null);
      player.go(step, false).then(() => {
        player.renderControls(); // the step may have been shown before: its question now
        if (focusWasHere) this.focusAnswer(); // keep the keyboard where the next answer goes
      });
    });
  }

  // Give the keyboard to what answers now: the field, a choice, a pick; where nothing is asked,
  // Forward (Space presses it, the arrows step), or Retry at the end.
  focusAnswer() {
    this.refocus = false;
    const atEnd = this.reached >= this.player.n - 1;
    const target = this.field || this.answers.querySelector("button") ||
      (this.picks && this.picks.find((node) => node.getBoundingClientRect().width > 0)) ||
      (!this.showMe.hidden ? this.showMe : atEnd ? this.retry : this.player.forward);
    if (target && target.focus) target.focus();
  }

  // What the player says of the answer to step `step`'s question (kept with that step: arrived).
  verdict(step, text, kind) {
    this.say(text, kind);
    this.verdictFor = step;
  }

  say(text, kind) {
    this.feedback.className = `svp-feedback ${kind}`;
    this.feedback.textContent = text;
    this.keepInBox();
  }

  // Above a wide picture the box keeps one height, so that no answer moves the picture: its
  // least height (the style sheet's), or the height that the score, the tallest prompt and
  // the tallest verdict of the questions loaded need at its width (as laid out, of the
  // MEASURED_TEXTS longest: a shorter text may take more lines, its words longer), with a
  // row of answers and the tools, reserved as the panels' are (worked out again when the
  // width, the font or the chunks loaded change).
  sizeAbove() {
    const box = this.box;
    const film = this.film;
    if (!film || !box.isConnected || !box.classList.contains("svp-practice-above")) return;
    if (onPhone()) { // as tall as what it says (player.css)
      box.style.minHeight = "";
      this.sizedFor = this.longestVerdict = null;
      return;
    }
    const key = `${box.getBoundingClientRect().width}|${getComputedStyle(box).fontSize}|` +
      film.source.chunks.filter(Boolean).length;
    if (key === this.sizedFor) return;
    this.sizedFor = key;
    const questions = [...film.source.questions.values()];
    const longest = (texts, n) => [...new Set(texts)].sort((a, b) => b.length - a.length).slice(0, n);
    const asked = (text) => { // as ask() writes it
      const prompt = el("div", { class: "svp-prompt" });
      prompt.append(el("b", {}, `Your turn (step ${film.n - 1}). `), document.createTextNode(text));
      return prompt;
    };
    const said = (text) => el("div", { class: "svp-feedback svp-wrong-answer" }, text);
    // the score as renderScore writes it, before an answer or after some (the taller)
    const scored = (text) => el("div", { class: "svp-score" }, text);
    const asks = film.header.asks || 0;
    const score = tallestOf(box, [`${asks}+ questions: answer each before its step plays.`,
      `${asks} of ${asks} right first time · ${asks}+ to go`], scored);
    const prompt = tallestOf(box, longest(questions.map((q) => q.p || ""), MEASURED_TEXTS), asked);
    // the longer of the verdicts: Show me's "The answer: …" (a wrong one says "Not …")
    const answer = longest(questions.flatMap((q) => q.c || ["−0.000"]), 1)[0];
    const whys = longest(questions.map((q) => q.w || ""), MEASURED_TEXTS);
    const verdict = tallestOf(box, whys.map((why) => `The answer: ${answer}. ${why}`), said);
    this.longestVerdict = verdict;
    this.roomFor = null; // the box is sized anew: a question asked is measured anew
    // The answers: a number's field, the tools beside it where they fit; or one row of
    // choices, the tools under it. A question whose choices take more rows grows the box
    // when it is asked, a new step (roomForVerdict); the verdict of any other never moves
    // the picture
    const field = () => [el("input", { type: "text", class: "svp-value" }),
      el("button", { type: "button", class: "svp-btn" }, "Check")];
    const row = () => [el("button", { type: "button", class: "svp-btn svp-choice" }, "·")];
    const rows = questions.some((q) => q.k !== "value") ? [field, row] : [field];
    const layouts = rows.map((answered) => {
      const answers = el("div", { class: "svp-answers" });
      answers.append(...answered());
      if (answered === row) answers.style.flexBasis = "100%";
      // while a question waits, Show me and one of Retry and New problem (the longer) show
      const tools = this.tools.cloneNode(true);
      for (const tool of tools.children) tool.hidden = tool.classList.contains("svp-retry");
      return [scored(score), asked(prompt), answers, tools, said(verdict)];
    });
    reserveHeights([[box, layouts]]);
  }

  // A question whose choices take more room than the box keeps (more than one row of them)
  // grows it as it is asked, a new step: by the room its verdict may need too (the longest,
  // as sizeAbove reserves it), so that its verdict does not move the picture. (Measured in
  // a hidden copy, as the box is sized: one per question asked.)
  roomForVerdict(step) {
    const box = this.box;
    if (step === this.roomFor || !this.longestVerdict || !box.classList.contains("svp-practice-above")) {
      return;
    }
    this.roomFor = step;
    const kept = box.style.minHeight;
    const shown = [this.score, this.prompt, this.answers, this.tools].map((node) => node.cloneNode(true));
    const verdict = el("div", { class: "svp-feedback svp-wrong-answer" }, this.longestVerdict);
    reserveHeights([[box, [[...shown, verdict]]]]);
    if (parseFloat(kept) > parseFloat(box.style.minHeight || "0")) box.style.minHeight = kept;
    if (box.style.minHeight !== kept) this.player.fit();
  }

  // What the box shows never hides in it: should a question or verdict need more than the
  // height worked out (sizeAbove), the box grows to it (the picture moves down once).
  keepInBox() {
    const box = this.box;
    if (!box.classList.contains("svp-practice-above") || box.scrollHeight <= box.clientHeight + 1) {
      return;
    }
    const border = box.offsetHeight - box.clientHeight;
    box.style.minHeight = `${box.scrollHeight + border}px`;
    this.player.fit();
  }

  markWrong(index) {
    for (const node of this.marked) node.classList.remove("svp-wrong");
    this.marked = [];
    if (index === null) return;
    const marked = [...this.answers.querySelectorAll(`[data-choice="${index}"]`),
      ...(this.picks || []).filter((node) => node.dataset.choice === String(index))];
    for (const node of marked) node.classList.add("svp-wrong");
    this.marked = marked;
    clearTimeout(this.markTimer);
    this.markTimer = setTimeout(() => {
      for (const node of marked) node.classList.remove("svp-wrong");
    }, WRONG_MARK_MS);
  }
}

// The choices of question `q` that are buttons (their places): a choice's all; a pick's, when
// few or not in the picture (else the student clicks the picture).
function buttonChoices(q) {
  const items = q.i || [];
  const buttons = q.k === "choice" || q.c.length <= PICK_BUTTONS_UP_TO;
  return q.c.map((_, index) => index).filter((index) => buttons || !(items[index] || []).length);
}

// The element holding `node`, across a shadow root's edge.
function parentOf(node) {
  if (node.parentElement) return node.parentElement;
  const root = node.getRootNode && node.getRootNode();
  return root && root.host ? root.host : null;
}

// The width at which player.css lays the player out for a phone.
const PHONE_WIDTH = "(max-width: 640px)";

function onPhone() {
  return Boolean(window.matchMedia && window.matchMedia(PHONE_WIDTH).matches);
}

// Where `node`'s top is on the screen with the page scrolled to its start (px): the room
// below it does not change as the student scrolls.
function restingTop(node) {
  let top = node.getBoundingClientRect().top + (window.scrollY || 0);
  for (let parent = parentOf(node); parent; parent = parentOf(parent)) top += parent.scrollTop || 0;
  return top;
}

// The counters as chips: [[label, value], ...] -> one element each.
function chips(counters) {
  return counters.map(([label, value]) => {
    const chip = el("div", { class: "svp-chip" });
    chip.append(el("div", { class: "svp-chip-label" }, label));
    chip.append(el("div", { class: "svp-chip-value" }, counterText(value)));
    return chip;
  });
}

// A counter's value as the sentences write numbers: a whole number in groups of three digits
// ("20,866", as in "nodes entered (of 20,866)"), anything else as it is.
function counterText(value) {
  return Number.isInteger(value) ? value.toLocaleString("en-US") : String(value);
}

// Of `texts`, the one that takes the most height written as `make(text)` (a node) in a row of
// `box` (a shorter text may take more lines than a longer one: its words longer), all laid
// out at once in a hidden copy of it. "" for none.
function tallestOf(box, texts, make) {
  if (!texts.length || !box.parentNode) return texts[0] || "";
  const probe = box.cloneNode(false);
  for (const name of ["id", "role", "tabindex", "aria-live", "aria-label"]) probe.removeAttribute(name);
  probe.setAttribute("aria-hidden", "true");
  probe.style.cssText = `position:absolute;visibility:hidden;left:0;top:0;` +
    `width:${box.getBoundingClientRect().width}px;min-height:0;height:auto;box-sizing:border-box`;
  const made = texts.map(make);
  probe.replaceChildren(...made);
  box.parentNode.append(probe);
  const heights = made.map((node) => node.getBoundingClientRect().height);
  probe.remove();
  return texts[heights.indexOf(Math.max(...heights))];
}

// Give each `box` the height of the tallest of its `contents` (each a list of nodes), laid out
// in hidden copies of it (same classes, same width): every copy is put in the page first and
// measured after, so that the page is laid out once, not once per text. No reservation for a
// box that is not laid out.
function reserveHeights(boxes) {
  const laidOut = boxes
    .map(([box, contents]) => [box, contents, box.getBoundingClientRect().width])
    .filter(([box, , width]) => width && box.parentNode);
  const probes = [];
  for (const [box, contents, width] of laidOut) {
    box.style.minHeight = "";
    for (const nodes of contents) {
      const probe = box.cloneNode(false);
      for (const name of ["role", "tabindex", "aria-live", "aria-label"]) probe.removeAttribute(name);
      probe.setAttribute("aria-hidden", "true");
      probe.style.cssText = `position:absolute;visibility:hidden;left:0;top:0;width:${width}px;` +
        "min-height:0;height:auto;box-sizing:border-box";
      probe.replaceChildren(...nodes);
      box.parentNode.append(probe);
      probes.push([box, probe]);
    }
  }
  const tallest = new Map(laidOut.map(([box]) => [box, 0]));
  for (const [box, probe] of probes) {
    tallest.set(box, Math.max(tallest.get(box), probe.getBoundingClientRect().height));
  }
  for (const [, probe] of probes) probe.remove();
  for (const [box, height] of tallest) box.style.minHeight = height ? `${Math.ceil(height)}px` : "";
}

// What an edit changed where the searches end, from each film's outcome (its meta's [name,
// value] pairs: the counters of its last step): "At the end: path length 18 → 20, expanded
// 75 → 80." In compare mode each film's changes follow its name, and a change both films
// share is said once; "" when a film has no outcome (a long search's opening).
function outcomeChange(before, films) {
  if (!films.length || films.some((film, i) => !film.meta.outcome || !before[i])) return "";
  const said = new Set();
  const parts = [];
  films.forEach((film, i) => {
    const old = new Map(before[i]);
    const changes = film.meta.outcome
      .filter(([name, value]) => old.has(name) && old.get(name) !== value)
      .map(([name, value]) => `${name} ${old.get(name)} → ${value}`)
      .filter((change) => !said.has(change) && said.add(change));
    if (changes.length) parts.push((films.length > 1 ? `${film.name}: ` : "") + changes.join(", "));
  });
  if (parts.length) return `At the end: ${parts.join("; ")}.`;
  const [name, value] = films[0].meta.outcome[0] || [];
  return name ? `At the end, nothing changed: ${name} ${value}.` : "";
}

// Run `fn` once the browser has painted what is on screen now.
function afterPaint(fn) {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

function writePracticeUrl(on) {
  try {
    const url = new URL(window.location.href);
    if (on) url.searchParams.set("practice", "1");
    else url.searchParams.delete("practice");
    window.history.replaceState(window.history.state, "", url.toString());
  } catch (error) {
    // a notebook's frame has no address of its own
  }
}

// ------------------------------------------------------------------- editing
// Edit mode: the student changes the problem by clicking the picture. A film's header may say
// what its items change: `edits` = [[item numbers], { w: what they stand for, a: [{ l: the
// button's words, c: the change (the problem's own terms), n: a number to ask for first, with
// its bounds lo and hi }] }]. While editing, the picture shows the problem as it starts (step
// 0; stepping waits). A click (or Enter) on an item makes its one change at once, or opens a
// small form: a number to type, or several changes to choose from. The change goes to the host
// (hooks.edit), which sends new films and, in data.edit, its answer { at, error }: a refused
// change keeps the films and says why. data.edit = { hint, undo: whether Undo can go back,
// answer, settle, caughtUp }; with settle, the host answered by changing the player alone, and
// is told (hooks.settle) when the new picture is painted, to bring the rest of its page up to
// date; caughtUp says that this data comes from such a run of the whole page (its link holds
// the problem shown).

// How long the player waits for the host's answer to a change before it gives up (ms).
const EDIT_WAIT_MS = 60000;

// A bound of a typed number, as a message writes it: 1,000,000,000,000,000.
function showBound(x) {
  return Number(x).toLocaleString("en").replace("-", "−");
}

class Editor {
  constructor(player) {
    this.player = player;
    this.on = false;
    this.waiting = null; // the change sent, until the host answers: { at, said, where, focus }
    this.marked = [];
    this.parts = new Map(); // an editable item -> its part: { spec, where, nodes, stop }
    this.drag = null; // a mouse drag under way: { from, film, over, swept, moved, pointer }
    this.button = el("button", { type: "button", class: "svp-btn svp-edit-toggle", hidden: "",
      "aria-pressed": "false", "aria-label": "Edit the problem",
      title: "Change the problem by clicking the picture" }, "Edit");
    player.practiceButton.after(this.button);
    this.box = el("section", { class: "svp-edit", "aria-label": "Edit the problem", hidden: "" });
    this.hint = el("div", { class: "svp-edit-hint" });
    this.form = el("div", { class: "svp-edit-form", role: "group", hidden: "" });
    this.status = el("div", { class: "svp-edit-status", role: "status", "aria-live": "polite" });
    // Undo stays in its place, greyed while there is nothing to take back: the first edit
    // never moves the picture down to make room for it (on a phone it has a row of its own)
    this.undo = el("button", { type: "button", class: "svp-btn svp-undo", disabled: "",
      title: "Put back the problem as it was before the last edit" }, "Undo");
    this.done = el("button", { type: "button", class: "svp-btn svp-edit-done" }, "Done editing");
    const tools = el("div", { class: "svp-edit-tools" });
    tools.append(this.undo, this.done);
    // The hint and the status share one place (the status shown, the hint hidden): the
    // panel is no taller than its longer text, and the picture keeps the rest of the room
    const words = el("div", { class: "svp-edit-words" });
    words.append(this.hint, this.status);
    this.box.append(words, tools, this.form);
    player.stage.before(this.box);
    this.button.onclick = () => this.setOn(!this.on);
    this.done.onclick = () => {
      this.setOn(false);
      this.button.focus();
    };
    this.undo.onclick = () => this.send({ undo: true }, "Undo", null);
  }

  get data() {
    return (this.player.data && this.player.data.edit) || null;
  }

  // Whether the host takes edits and a film offers some.
  available() {
    const player = this.player;
    return !!player.hooks.edit && !!this.data &&
      player.films.some((film) => (film.header.edits || []).length > 0);
  }

  setOn(on) {
    const player = this.player;
    on = on && this.available();
    if (on && player.practice.on) player.practice.setOn(false, true); // one mode at a time
    this.on = on;
    this.button.setAttribute("aria-pressed", String(on));
    this.box.hidden = !on;
    player.box.classList.toggle("svp-editing", on);
    this.closeForm(false);
    this.say("", "");
    if (on) {
      player.pause();
      player.go(0, false); // the problem as it starts (go keeps step 0 while editing)
      this.mark(); // after: a part's place in the Tab order is an item step 0 shows
    } else {
      this.unmark();
    }
    this.render();
    player.fit();
    player.renderControls();
  }

  // New films or a new answer from the host (every update): mark the films, say how the
  // change sent went.
  refresh() {
    this.button.hidden = !this.available();
    if (this.on && (!this.available() || this.player.practice.on)) this.setOn(false);
    if (this.on) this.mark();
    this.render();
    this.answer();
  }

  render() {
    const data = this.data || {};
    const hint = data.hint || "Click the picture to change the problem.";
    this.hint.textContent = `${hint} While you edit, the replay waits at step 0.`;
    this.undo.disabled = !data.undo;
  }

  // -- the picture's items
  mark() {
    const player = this.player;
    if (this.markedFor === player.films) return;
    this.unmark();
    this.markedFor = player.films;
    player.films.forEach((film, f) => {
      this.watchDrags(film, f);
      (film.header.edits || []).forEach(([numbers, spec], index) => {
        const nodes = numbers.map((number) => film.items[number]).filter(Boolean);
        const only = spec.a.length === 1 && spec.a[0].n === undefined ? spec.a[0] : null;
        // one stop in the Tab order per part of the problem: an item the picture shows
        const stop = nodes.find((node) => node.style.display !== "none") || nodes[0];
        const part = { spec, where: { film: f, index }, nodes, stop };
        for (const node of nodes) {
          this.parts.set(node, part);
          node.classList.add("svp-editable");
          node.onclick = (event) => {
            event.stopPropagation();
            if (this.dragged) return; // the end of a drag, not a click
            this.choose(spec, { film: f, index }, stop);
          };
          this.marked.push(node);
          if (node !== stop) continue;
          node.setAttribute("tabindex", "0");
          node.setAttribute("role", "button");
          node.setAttribute("aria-label", only ? `${spec.w}: ${only.l}` : `${spec.w}: change it`);
          node.onkeydown = (event) => {
            if (event.key === "Enter" || event.key === " ") {
              event.preventDefault();
              event.stopPropagation();
              this.choose(spec, { film: f, index }, node);
            }
          };
        }
      });
      film.updateRole();
    });
  }

  unmark() {
    this.dragCancel();
    this.parts = new Map();
    for (const node of this.marked) {
      node.classList.remove("svp-editable");
      node.removeAttribute("tabindex");
      node.removeAttribute("role");
      node.removeAttribute("aria-label");
      node.onclick = node.onkeydown = null;
    }
    this.marked = [];
    this.markedFor = null;
    for (const film of this.player.films) film.updateRole();
  }

  // The item in the Tab order of the part `where` ({film, index}) of the films shown, if any.
  itemAt(where) {
    const film = where && this.player.films[where.film];
    const entry = film && (film.header.edits || [])[where.index];
    if (!entry) return null;
    return entry[0].map((number) => film.items[number]).find((node) => node &&
      node.getAttribute("tabindex") === "0") || null;
  }

  // -- dragging with a mouse or a pen: a part whose record says what a drag does (`g`: dropped
  // on another part, that part's edit doing `g`; `p`: swept across parts, each one's edit doing
  // `p`, sent as one change). A touch pans the picture as ever; every change is a click too.
  watchDrags(film, f) {
    const svg = film.svg;
    if (svg.dataset.svpDrags) return;
    svg.dataset.svpDrags = "1";
    svg.addEventListener("pointerdown", (event) => this.dragStart(event, f));
    svg.addEventListener("pointermove", (event) => this.dragMove(event));
    svg.addEventListener("pointerup", (event) => this.dragEnd(event));
    svg.addEventListener("pointercancel", () => this.dragCancel());
  }

  partAt(node) {
    for (; node && node.nodeType === 1; node = node.parentNode) {
      const part = this.parts.get(node);
      if (part) return part;
    }
    return null;
  }

  dragStart(event, f) {
    if (!this.on || this.waiting || event.pointerType === "touch" || event.button !== 0) return;
    const from = this.partAt(event.target);
    if (!from || !(from.spec.g || from.spec.p)) return;
    event.preventDefault(); // no text selection while sweeping
    this.dragCancel();
    this.drag = { from, film: f, over: from, swept: from.spec.p ? [from] : [], moved: false,
      pointer: event.pointerId };
  }

  dragMove(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointer) return;
    if (!(event.buttons & 1)) {
      this.dragCancel(); // let go outside the picture: the drag ended there, and does nothing
      return;
    }
    const root = event.currentTarget.getRootNode();
    const part = this.partAt(root.elementFromPoint(event.clientX, event.clientY));
    if (!part || part === drag.over || part.where.film !== drag.film) return;
    drag.over = part;
    if (!drag.moved) {
      // a drag now, not a click: the picture keeps the pointer until it is let go (taken only
      // now, so that a click's own part still hears the click)
      drag.moved = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    const role = drag.from.spec.p;
    if (role) {
      if (!drag.swept.includes(part) && actDoing(part.spec, role)) {
        drag.swept.push(part);
        for (const node of part.nodes) node.classList.add("svp-swept");
      }
      if (drag.swept.length === 2) for (const node of drag.from.nodes) node.classList.add("svp-swept");
      return;
    }
    this.clearDragMarks("svp-drop");
    for (const node of part.nodes) node.classList.add("svp-drop");
  }

  dragEnd(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointer) return;
    this.dragCancel();
    if (!drag.moved) return; // a click: its handler chooses
    this.dragged = true; // the click this pointer-up makes is not a choice
    setTimeout(() => { this.dragged = false; }, 0);
    const role = drag.from.spec.p;
    if (role) {
      const acts = drag.swept.map((part) => actDoing(part.spec, role));
      const names = drag.swept.map((part) => part.spec.w);
      const listed = names.length > 4 ? `${names.slice(0, 4).join(", ")} and ${names.length - 4} more`
        : names.join(", ");
      const change = acts.length === 1 ? acts[0].c : { all: acts.map((act) => act.c) };
      this.send({ change }, `${acts[0].l}: ${listed}`, drag.from.where);
      return;
    }
    const act = actDoing(drag.over.spec, drag.from.spec.g);
    if (!act) {
      this.say(`${capital(drag.from.spec.w)} cannot be moved onto ${drag.over.spec.w}: drop it ` +
        "elsewhere.", "svp-edit-error");
      return;
    }
    this.send({ change: act.c }, `${capital(drag.from.spec.w)} dragged: ${act.l}`, drag.over.where);
  }

  dragCancel() {
    this.drag = null;
    this.clearDragMarks("svp-swept");
    this.clearDragMarks("svp-drop");
  }

  clearDragMarks(name) {
    for (const film of this.player.films) {
      for (const node of film.svg.querySelectorAll(`.${name}`)) node.classList.remove(name);
    }
  }

  // -- choosing a change
  choose(spec, where, node) {
    if (!this.on || this.waiting) return;
    const acts = spec.a;
    if (acts.length === 1 && acts[0].n === undefined) {
      this.send({ change: acts[0].c }, acts[0].l, where); // its words say it all
      return;
    }
    this.openForm(spec, where, node);
  }

  // A small form under the hint: a number to type before a change, or the changes to choose.
  openForm(spec, where, node) {
    const form = this.form;
    form.replaceChildren();
    const title = el("div", { class: "svp-edit-what", id: `svp-edit-what-${++playerCount}` },
      spec.w.charAt(0).toUpperCase() + spec.w.slice(1));
    form.setAttribute("aria-labelledby", title.id);
    form.append(title);
    let first = null;
    for (const act of spec.a) {
      const row = el("div", { class: "svp-edit-row" });
      const button = el("button", { type: "button", class: "svp-btn svp-edit-act" }, act.l);
      let field = null;
      if (act.n !== undefined) {
        field = el("input", { type: "text", class: "svp-value svp-edit-value", inputmode: "decimal",
          autocomplete: "off", "aria-label": `${act.l}: a number` });
        field.value = String(act.n);
        field.onkeydown = (event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            submit();
          }
        };
        row.append(field);
      }
      const submit = () => {
        if (!field) {
          this.send({ change: act.c }, `${spec.w}: ${act.l}`, where);
          return;
        }
        const value = typedNumber(field.value);
        if (value === null || !Number.isFinite(value) || value < act.lo || value > act.hi) {
          this.say(`"${field.value.slice(0, 20)}" is not a number this can take: type one from ` +
            `${showBound(act.lo)} to ${showBound(act.hi)}, such as 3 or −2.5.`, "svp-edit-error");
          field.focus();
          field.select();
          return;
        }
        this.send({ change: Object.assign({}, act.c, { value }) },
          `${spec.w}: ${act.l}, ${showNumber(value)}`, where);
      };
      button.onclick = submit;
      row.append(button);
      form.append(row);
      first = first || field || button;
    }
    const cancel = el("button", { type: "button", class: "svp-btn svp-edit-cancel" }, "Cancel");
    cancel.onclick = () => this.closeForm(true);
    form.append(cancel);
    form.onkeydown = (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        this.closeForm(true);
      }
    };
    this.formFor = node;
    form.hidden = false;
    this.say("", "");
    this.player.fit();
    first.focus();
    if (first.select) first.select();
  }

  closeForm(refocus) {
    if (this.form.hidden) return;
    const node = this.formFor;
    this.form.hidden = true;
    this.form.replaceChildren();
    this.formFor = null;
    this.player.fit();
    if (refocus && node && node.isConnected) node.focus();
  }

  // -- sending, and the host's answer
  send(payload, said, where) {
    const player = this.player;
    if (this.waiting || !player.hooks.edit) return;
    const active = this.box.getRootNode().activeElement;
    const at = Date.now();
    this.waiting = { at, said, where, undo: !!payload.undo,
      focus: !!active && (player.box.contains(active) || this.marked.includes(active)) };
    // The change leaves first. Streamlit sends it from a timer of its own, so the form is
    // closed and the player refitted in a timer queued after that one: done here, their
    // layout and the frame it paints would hold the message back (20-30 ms).
    this.before = player.films.map((film) => film.meta.outcome); // to say what the edit changed
    player.hooks.edit(Object.assign({ at }, payload));
    setTimeout(() => {
      this.closeForm(false);
      if (this.waiting && this.waiting.at === at) {
        this.say(payload.undo ? "Undoing the last edit…" : "Making the new replay…", "svp-edit-busy");
        player.box.classList.add("svp-busy");
      }
    }, 0);
    clearTimeout(this.waitTimer);
    this.waitTimer = setTimeout(() => {
      if (!this.waiting || this.waiting.at !== at) return;
      this.waiting = null;
      player.box.classList.remove("svp-busy");
      this.say("The page did not answer: the problem is unchanged. Try again.", "svp-edit-error");
    }, EDIT_WAIT_MS);
  }

  answer() {
    const waiting = this.waiting;
    const answer = this.data && this.data.answer;
    if (!waiting || !answer || answer.at !== waiting.at) return;
    this.waiting = null;
    clearTimeout(this.waitTimer);
    this.player.box.classList.remove("svp-busy");
    if (answer.error) {
      this.say(answer.error, "svp-edit-error");
    } else {
      const done = waiting.undo ? "Undone: the problem is as it was before the last edit."
        : `Changed: ${waiting.said}.`;
      const end = outcomeChange(this.before || [], this.player.films);
      this.say(end ? `${done} ${end}` : done, "svp-edit-done");
    }
    if (waiting.focus) {
      // the keyboard stays on the part just changed (the same place in the new picture)
      const target = (this.on && this.itemAt(waiting.where)) ||
        (this.on && !this.undo.disabled ? this.undo : this.button);
      if (target && target.focus) target.focus();
    }
    if (!answer.error && this.data.settle && this.player.hooks.settle) {
      // The host changed only the player (the rest of its page still shows the problem before):
      // once the new picture is painted, it brings the rest of the page up to date. Until then
      // the page's link holds the problem before: Share waits for it (see whenLinkCaughtUp).
      if (!this.data.caughtUp) this.player.linkBehind();
      requestAnimationFrame(() => setTimeout(() => this.player.hooks.settle(answer.at), 0));
    }
  }

  say(text, kind) {
    this.status.className = `svp-edit-status ${kind}`;
    this.status.textContent = text;
    this.box.classList.toggle("svp-edit-saying", !!text);
  }
}

// -------------------------------------------------------------------- the player
const players = new Set();
let lastUsed = null;

function editable(target) {
  if (!target || !target.tagName) return false;
  const tag = target.tagName.toLowerCase();
  if (tag === "textarea" || tag === "select") return true;
  if (tag === "input") {
    const type = (target.getAttribute("type") || "text").toLowerCase();
    return !["button", "checkbox", "radio", "submit", "reset"].includes(type);
  }
  if (target.isContentEditable) return true;
  const role = target.getAttribute && target.getAttribute("role");
  return ["textbox", "slider", "spinbutton", "combobox", "listbox", "searchbox"].includes(role);
}

function onKey(event) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (!["ArrowLeft", "ArrowRight", "Home", "End", " "].includes(event.key)) return;
  const target = event.composedPath ? event.composedPath()[0] : event.target;
  if (editable(target) && !emptyAnswer(target)) return;
  if (target.classList && target.classList.contains("svp-pickable")) return;
  // Space on a focused button presses that button, as everywhere else
  if (event.key === " " && pressable(target)) return;
  const player = activePlayer();
  if (!player) return;
  event.preventDefault();
  event.stopPropagation();
  if (event.key === "ArrowLeft") player.go(player.aimed - 1, true);
  else if (event.key === "ArrowRight") player.go(player.aimed + 1, true);
  else if (event.key === "Home") player.go(0, true);
  else if (event.key === "End") player.go(player.n - 1, true);
  else player.togglePlay();
}

// Practice's answer field while it is empty: the arrows have no text to move in there, so the
// keys step and play the replay, as they do on the picture (the field has the keyboard after
// each answer, ready for the next).
function emptyAnswer(target) {
  return !!target.classList && target.classList.contains("svp-value") && target.value === "";
}

function pressable(target) {
  const tag = (target.tagName || "").toLowerCase();
  return tag === "button" || tag === "a" || tag === "summary" ||
    (target.getAttribute && target.getAttribute("role") === "button");
}

// The one player that answers the keys: the last one used, else the first on the page.
function activePlayer() {
  for (const player of players) if (!player.root.isConnected) players.delete(player);
  if (lastUsed && players.has(lastUsed) && lastUsed.films.length) return lastUsed;
  for (const player of players) if (player.films.length) return player;
  return null;
}

function stepFromUrl(steps) {
  let raw;
  try {
    raw = new URL(window.location.href).searchParams.get("step");
  } catch (error) {
    return { step: 0, message: null };
  }
  if (raw === null) return { step: 0, message: null };
  if (!/^\s*-?\d+\s*$/.test(raw)) {
    return { step: 0, message: `The link's step "${raw}" is not a whole number; showing step 0.` };
  }
  const step = Number(raw);
  if (step < 0 || step >= steps) {
    return { step: 0, message: `The link's step ${step} is outside 0–${steps - 1}; showing step 0.` };
  }
  return { step, message: null };
}

// Icons drawn inline (no font needed): paths in a 24 x 24 box.
const ICONS = {
  first: "M6 5h2v14H6zM20 5v14l-10-7z",
  back: "M16 5v14L6 12z",
  play: "M8 5v14l11-7z",
  pause: "M7 5h4v14H7zM13 5h4v14h-4z",
  forward: "M8 5v14l10-7z",
  last: "M16 5h2v14h-2zM4 5v14l10-7z",
};

function icon(name) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "svp-icon");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", ICONS[name]);
  svg.append(path);
  return svg;
}

class Player {
  constructor(root, hooks) {
    this.root = root;
    this.hooks = hooks || {};
    this.films = [];
    this.step = 0;
    this.loading = null; // the step asked for while its chunk is on its way, if any
    this.playing = false;
    this.speed = DEFAULT_SPEED;
    this.box = el("div", { class: "svp" });
    root.append(this.box);
    this.buildControls();
    this.message = el("div", { class: "svp-message", hidden: "" });
    this.stage = el("div", { class: "svp-stage" });
    this.box.append(this.controls, this.message, this.stage);
    this.practice = new Practice(this);
    this.editor = new Editor(this);
    this.linkBehindSince = null; // when an edit made the page's link behind (see linkBehind)
    this.linkWaiters = [];
    this.linkTimer = null;
    this.box.addEventListener("pointerdown", () => (lastUsed = this));
    this.box.addEventListener("focusin", () => (lastUsed = this));
    players.add(this);
    if (!window.__svpKeys) {
      window.__svpKeys = true;
      window.addEventListener("keydown", onKey, true);
    }
    this.onResize = () => this.fit();
    window.addEventListener("resize", this.onResize);
    this.reducedMotion = window.matchMedia
      ? window.matchMedia("(prefers-reduced-motion: reduce)")
      : { matches: false };
    this.urlTimer = null;
    this.lastUrlWrite = 0;
    this.loadToken = 0;
  }

  buildControls() {
    const bar = el("div", { class: "svp-controls", role: "toolbar", "aria-label": "Replay controls" });
    // `key`: the key that does the same, as the tooltip says it and as aria-keyshortcuts names it
    const button = (name, label, [key, shortcut]) => {
      const b = el("button", { type: "button", class: `svp-btn svp-${name}`, "aria-label": label,
        title: `${label} (${key})`, "aria-keyshortcuts": shortcut });
      b.append(icon(name));
      return b;
    };
    this.first = button("first", "First step", ["Home", "Home"]);
    this.back = button("back", "Back", ["Left arrow", "ArrowLeft"]);
    this.play = button("play", "Play", ["Space", "Space"]);
    this.play.classList.add("svp-primary");
    this.playLabel = el("span", { class: "svp-label" }, "Play");
    this.play.append(this.playLabel);
    this.forward = button("forward", "Forward", ["Right arrow", "ArrowRight"]);
    this.last = button("last", "Last step", ["End", "End"]);
    this.slider = el("input", { type: "range", class: "svp-slider", min: "0", max: "0", value: "0",
      "aria-label": "Step" });
    this.count = el("span", { class: "svp-count", "aria-live": "off" });
    this.speedBox = el("select", { class: "svp-speed", "aria-label": "Speed (steps per second)",
      title: "Speed while playing" });
    for (const speed of SPEEDS) {
      const option = el("option", { value: String(speed) }, `${speed} / s`);
      if (speed === DEFAULT_SPEED) option.selected = true;
      this.speedBox.append(option);
    }
    this.shareButton = el("button", { type: "button", class: "svp-btn svp-share", title: "A link to this step" }, "Share");
    this.exportButton = el("button", { type: "button", class: "svp-btn svp-export", title: "PNG, SVG, GIF or a web page" }, "Export");
    this.practiceButton = el("button", { type: "button", class: "svp-btn svp-practice-toggle",
      "aria-pressed": "false", title: "Answer each step before it plays" }, "Practice");
    this.sharePanel = el("div", { class: "svp-share-panel", hidden: "" });
    // on a phone the stepping buttons take a row of their own, the slider and count the next
    const rowEnd = el("span", { class: "svp-row-end", "aria-hidden": "true" });
    bar.append(this.first, this.back, this.play, this.forward, this.last, rowEnd, this.slider,
      this.count);
    // the rest sits beside the bar on a wide screen, under it on a phone (where the bar stays
    // on screen as the page scrolls, and these do not need to)
    const more = el("div", { class: "svp-more", role: "group", "aria-label": "Speed, practice, share, export" });
    more.append(this.speedBox, this.practiceButton, this.shareButton, this.exportButton);
    this.bar = bar;
    this.controls = el("div", { class: "svp-top" });
    this.controls.append(bar, more, this.sharePanel);

    this.first.onclick = () => this.go(0, true);
    this.back.onclick = () => this.go(this.aimed - 1, true);
    this.forward.onclick = () => this.go(this.aimed + 1, true);
    this.last.onclick = () => this.go(this.n - 1, true);
    this.play.onclick = () => this.togglePlay();
    this.slider.oninput = () => this.go(Number(this.slider.value), true);
    this.speedBox.onchange = () => {
      this.speed = Number(this.speedBox.value);
    };
    this.shareButton.onclick = () => this.toggleShare();
    this.practiceButton.onclick = () => this.practice.setOn(!this.practice.on, true);
    this.exportButton.onclick = () => {
      this.pause();
      if (this.hooks.exportStep) this.hooks.exportStep(Math.max(0, this.aimed));
    };
  }

  get n() {
    return this.films.reduce((most, film) => Math.max(most, film.n), 0);
  }

  // The step the student is at: the one shown, or the one on its way ("Loading k…"), which
  // a step forward or back, and an export, go from.
  get aimed() {
    return this.loading !== null ? this.loading : this.step;
  }

  animating() {
    return !this.reducedMotion.matches && (!this.playing || this.speed <= ANIMATE_UP_TO);
  }

  // New films or options (on the first call, and on every Streamlit rerun).
  async update(data) {
    this.data = data;
    const token = ++this.loadToken;
    this.box.classList.toggle("svp-present", !!data.present);
    setVar(this.box, "--svp-scale", String(data.scale || 1));
    this.shareButton.hidden = !data.share;
    this.exportButton.hidden = !data.export;
    this.controls.hidden = data.controls === false;
    this.box.classList.toggle("svp-bare", data.panels === false);
    const specs = data.films || [];
    const ids = specs.map(specId);
    let same = this.filmIds && ids.length === this.filmIds.length && ids.every((id, i) => id === this.filmIds[i]);
    if (!same && this.restOf(specs)) {
      // the openings (or middles) shown go on into their rest: the step and practice go on
      const shown = this.filmIds;
      try {
        await Promise.all(this.films.map((film, i) => (specId(specs[i]) !== shown[i] ? film.takeRest(specs[i]) : null)));
      } catch (error) {
        this.showMessage(`The rest of the replay could not be loaded (${error.message}). Reload the page.`);
        return;
      }
      if (token !== this.loadToken) return;
      this.filmIds = ids;
      this.box.dataset.films = ids.join(" ");
      if (this.step >= 0) this.renderControls(); // else the first step is still on its way
      same = true;
    }
    if (same) {
      this.films.forEach((film, i) => {
        const spec = specs[i] || {};
        if (spec.extra) film.source.takePart(spec.extra);
        if (spec.making) film.source.askAgain();
        if (spec.restError) film.source.refuse(spec.restError);
      });
    } else {
      for (const film of this.films) clearTimeout(film.source.again);
      if (!this.films.length) {
        this.stage.replaceChildren(el("div", { class: "svp-loading" }, "Loading the replay…"));
      }
      // films that came in this answer are mounted within a few ms: the count is left as it
      // is, as a change of it would cost a layout and a frame painted before them
      if (!specs.every((spec) => spec.inline)) this.count.textContent = "Loading…";
      this.box.classList.add("svp-busy");
      const askRest = this.hooks.more ? (id, step) => this.hooks.more(id, step) : null;
      const sources = specs.map((spec) => new FilmSource(spec, askRest));
      let headers;
      try {
        headers = await Promise.all(sources.map((source) => source.load()));
      } catch (error) {
        this.showMessage(`The replay could not be loaded (${error.message}). Reload the page.`);
        return;
      }
      if (token !== this.loadToken) return;
      const shapes = headers.map((header) => (header.meta || {}).shape);
      const keepStep = this.films.length > 0 && shapes.length === this.shapes.length &&
        shapes.every((shape, i) => shape && shape === this.shapes[i]);
      this.pause();
      if (this.films.length) this.releaseFocus();
      this.filmIds = ids;
      this.box.dataset.films = ids.join(" "); // which films are shown (tests compare them)
      this.shapes = shapes;
      this.mountFilms(sources, data.titles || []);
      let step = keepStep ? Math.min(this.step, this.n - 1) : 0;
      const first = !this.started;
      if (first) {
        this.started = true;
        if (data.urlStep !== false) {
          const asked = stepFromUrl(this.n);
          step = asked.step;
          if (asked.message) this.showMessage(asked.message);
        }
      }
      this.practiceButton.hidden = !this.practice.available();
      const wanted = first
        ? !!(data.practice || urlPractice() || (headers[0] && (headers[0].meta || {}).practice))
        : this.practice.on || (!!data.practice && !this.askedPractice);
      this.askedPractice = !!data.practice;
      this.step = -1;
      this.box.classList.remove("svp-busy");
      if (wanted && this.practice.available()) {
        this.practice.setOn(true, false); // a new problem starts from its first step
      } else {
        if (this.practice.on) this.practice.setOn(false, false);
        await this.go(step, false);
      }
    }
    if (data.edit && data.edit.caughtUp) this.linkCaughtUp();
    this.editor.refresh();
    const start = data.start;
    if (start && start.nonce !== this.startNonce) {
      this.startNonce = start.nonce;
      await this.go(start.step, false);
    }
    this.writeUrl(true);
  }

  // Whether `specs` are the films shown, some of them further on (a middle, or the whole
  // film) where an opening (or a middle) is shown.
  restOf(specs) {
    const ids = this.filmIds;
    const goesOn = (spec, i) => [].concat(spec.opens || []).includes(ids[i]);
    return !!ids && specs.length === ids.length && specs.some(goesOn) &&
      specs.every((spec, i) => goesOn(spec, i) || specId(spec) === ids[i]);
  }

  // An option was just changed (new films arrived): if a field outside the player still has
  // the focus (a number typed, then Enter), let it go, so that the arrow keys step again.
  releaseFocus() {
    let active = document.activeElement;
    while (active && active.shadowRoot && active.shadowRoot.activeElement) {
      active = active.shadowRoot.activeElement;
    }
    if (active && editable(active) && !this.box.contains(active)) active.blur();
  }

  mountFilms(sources, titles) {
    // an edit's new films take over the panels' room: the picture stays where it was
    const kept = this.editor.on ? this.films.map((film) => film.panelRoom()) : [];
    this.stage.replaceChildren();
    this.films = [];
    const compare = sources.length > 1;
    this.stage.classList.toggle("svp-compare", compare);
    for (let i = 0; i < sources.length; i++) {
      const box = el("div", { class: "svp-film" });
      this.stage.append(box);
      const view = new FilmView(sources[i], box, compare ? titles[i] || "" : "", this, compare);
      if (kept[i]) view.keepRoom(kept[i]);
      this.films.push(view);
    }
    const layout = compare ? "compare" : (this.films[0] && this.films[0].meta.layout) || "side";
    this.box.dataset.layout = layout;
    if (layout === "below") {
      // a wide picture: the sentence goes above it, where it is seen first, and the code
      // beside the sentence, so that the lit line shows with the picture
      for (const film of this.films) {
        const head = el("div", { class: "svp-head" });
        film.box.insertBefore(head, film.picture);
        head.append(film.note);
        if (!film.code.hidden) head.append(film.code);
      }
    }
    this.slider.max = String(Math.max(0, this.n - 1));
    this.slider.disabled = this.n <= 1;
    this.fit();
    this.watchPage();
  }

  // The picture as large as the screen leaves room for, below where it starts.
  // In compare mode the sentence under each picture stays in view too; beside a picture the
  // code box takes the room the other panels leave (its lit line scrolls into view).
  fit() {
    const layout = this.box.dataset.layout;
    if (this.practice.on) this.practice.sizeAbove();
    if (layout === "compare") this.alignTitles(); // and the sentences
    const bar = `${this.bar.offsetHeight}px`; // a phone's sticky bar: the sentence sticks under it
    this.sizeCount();
    this.sizePlay();
    for (const film of this.films) {
      const top = restingTop(film.picture);
      let below = layout === "below" ? 20 : 16;
      if (layout === "compare") below += film.note.getBoundingClientRect().height + 8;
      const room = Math.max(260, window.innerHeight - Math.max(top, 0) - below);
      setVar(film.svg, "--svp-room", `${room}px`); // the picture's height, and the code box's
      setVar(film.code, "--svp-room", `${room}px`);
      setVar(film.note, "--svp-bar", bar);
      setVar(film.picture, "--svp-bar", bar);
      setVar(this.practice.box, "--svp-bar", bar);
      if (layout === "side") film.fitSide(room);
      else if (layout !== "compare") {
        film.reserve();
        film.fitHeadCode();
      }
      film.centrePicture();
      // a phone: the picture, scrolled to, shows under the bar and the sentence that stick (the
      // question, practising: see player.css)
      const stuck = this.practice.on && this.practice.box.isConnected ? this.practice.box : film.note;
      setVar(film.picture, "--svp-note-room", `${stuck.getBoundingClientRect().height + 8}px`);
    }
  }

  // Compare mode: the titles take the height of the tallest, and the sentences the room of the
  // longest of either film, so that both pictures start level and are equally large.
  alignTitles() {
    const titles = this.films.map((film) => film.title).filter(Boolean);
    for (const title of titles) title.style.minHeight = "";
    const tallest = Math.max(0, ...titles.map((title) => title.getBoundingClientRect().height));
    for (const title of titles) title.style.minHeight = `${Math.ceil(tallest)}px`;
    for (const film of this.films) film.reserve();
    const notes = this.films.map((film) => film.note);
    const room = Math.max(0, ...notes.map((note) => note.getBoundingClientRect().height));
    for (const note of notes) note.style.minHeight = `${Math.ceil(room)}px`;
  }

  // The count keeps the width of its longest text ("Step 1826 of 1826"): the controls never
  // reflow as the step number grows.
  sizeCount() {
    const count = this.count;
    const shown = count.textContent;
    const last = Math.max(0, this.n - 1);
    count.style.width = "";
    count.textContent = `Step ${last} of ${last}`;
    const width = count.getBoundingClientRect().width;
    count.textContent = shown;
    if (width) count.style.width = `${Math.ceil(width) + 1}px`;
  }

  // Play keeps the width of its widest label (Play, Pause, Replay): the last step's "Replay"
  // never pushes the buttons after it onto a second row.
  sizePlay() {
    const label = this.playLabel;
    const shown = label.textContent;
    this.play.style.minWidth = "";
    let widest = 0;
    for (const text of ["Play", "Pause", "Replay"]) {
      label.textContent = text;
      widest = Math.max(widest, this.play.getBoundingClientRect().width);
    }
    label.textContent = shown;
    if (widest) this.play.style.minWidth = `${Math.ceil(widest)}px`;
  }

  showMessage(text) {
    this.message.textContent = text;
    this.message.hidden = !text;
  }

  async go(step, byUser) {
    const n = this.n;
    if (!n) return;
    step = Math.max(0, Math.min(step, n - 1));
    if (byUser) this.pause();
    if (this.practice.on) step = await this.practice.clamp(step);
    if (this.editor.on) step = 0; // editing: the problem as it starts
    // the latest step asked for wins: one still loading (a long film's end, made on the
    // server for seconds) is not jumped to once the student has gone elsewhere
    const token = (this.goToken = (this.goToken || 0) + 1);
    const wasLoading = this.loading !== null;
    this.loading = null;
    if (step === this.step && this.films.every((film) => film.at === Math.min(step, film.n - 1))) {
      if (wasLoading) this.renderControls(); // the count: the step shown again
      return;
    }
    const missing = this.films.filter((film) => !film.ready(step));
    if (missing.length) {
      this.loading = step; // the count says so until it has come, whatever else is drawn
      this.showLoading();
      try {
        await Promise.all(missing.map((film) => film.source.fetch(film.source.chunkOf(Math.min(step, film.n - 1)))));
      } catch (error) {
        if (token !== this.goToken) return;
        this.loading = null;
        this.showMessage(`Part of the replay could not be loaded (${error.message}). Reload the page.`);
        if (this.step >= 0) this.renderControls(); // the step stays
        return;
      }
      if (token !== this.goToken) return;
      this.loading = null;
      for (const film of missing) film.reserve();
    }
    const animate = this.animating() && Math.abs(step - this.step) === 1;
    this.step = step;
    if (this.practice.on) this.practice.arrived(step);
    for (const film of this.films) film.show(step, animate);
    this.renderControls();
    this.prefetch();
    this.writeUrl(!this.playing);
    if (!this.playing && this.hooks.reportStep) this.scheduleReport();
  }

  // The count and the slider while a step is on its way: the step asked for, not the one shown.
  showLoading() {
    this.stepButtons(this.loading); // a step forward or back goes from it (see aimed)
    this.count.textContent = `Loading ${this.loading}…`; // no wider than "Step k of n": no reflow
    this.slider.value = String(this.loading);
    this.slider.setAttribute("aria-valuetext", `loading step ${this.loading} of ${this.n - 1}`);
  }

  // The step buttons as at `step`: none back from the first, none on from the last or while a
  // question or editing waits. Whether one waits.
  stepButtons(step) {
    const blocked = this.practice.blocked() || this.editor.on;
    this.first.disabled = this.back.disabled = step <= 0;
    this.forward.disabled = this.last.disabled = step >= this.n - 1 || blocked;
    return blocked;
  }

  renderControls() {
    const n = this.n;
    const step = this.step;
    const atEnd = step >= n - 1;
    const blocked = this.stepButtons(step);
    this.slider.value = String(step);
    this.slider.disabled = n <= 1 || this.editor.on;
    this.slider.setAttribute("aria-valuetext", `step ${step} of ${n - 1}`);
    this.count.textContent = `Step ${step} of ${n - 1}`;
    if (this.loading !== null) this.showLoading();
    const label = this.playing ? "Pause" : atEnd && n > 1 ? "Replay" : "Play";
    this.playLabel.textContent = label;
    this.play.firstChild.firstChild.setAttribute("d", this.playing ? ICONS.pause : ICONS.play);
    this.play.setAttribute("aria-label", label);
    this.play.disabled = n <= 1 || (blocked && !this.playing);
    this.box.classList.toggle("svp-playing", this.playing);
    this.practice.render();
  }

  prefetch() {
    for (const film of this.films) {
      const source = film.source;
      const own = Math.min(this.step, film.n - 1);
      const at = (step) => source.chunkOf(Math.max(0, Math.min(step, film.n - 1)));
      // the chunks of this step and of REST_AHEAD steps on (PART_AHEAD for a film in
      // parts), even an opening's rest (made only when asked for); those further ahead and
      // behind if they are made already
      const ahead = at(own + (source.spec.parts ? PART_AHEAD : REST_AHEAD));
      if (!source.has(at(own))) source.fetch(at(own)).catch(() => {});
      if (!source.has(ahead)) source.fetch(ahead, ahead > at(own)).catch(() => {});
      for (const wanted of [at(own + PREFETCH), at(own - PREFETCH)]) {
        if (source.where[wanted] && !source.has(wanted)) source.fetch(wanted).catch(() => {});
      }
    }
  }

  // -- playing
  togglePlay() {
    if (this.playing) this.pause();
    else this.startPlaying();
  }

  startPlaying() {
    if (this.n <= 1 || this.practice.blocked() || this.editor.on) return;
    if (this.step >= this.n - 1) this.go(0, false);
    this.playing = true;
    this.renderControls();
    let last = performance.now();
    let owed = 0;
    const tick = async (now) => {
      if (!this.playing) return;
      owed += ((now - last) / 1000) * this.speed;
      last = now;
      if (owed >= 1 && !this.busy) {
        owed = Math.min(owed - 1, 1);
        if (this.step >= this.n - 1) {
          this.pause();
          return;
        }
        this.busy = true;
        const before = this.step;
        await this.go(this.step + 1, false);
        this.busy = false;
        if (this.step >= this.n - 1 || this.step === before) {
          this.pause();
          return;
        }
      }
      this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    cancelAnimationFrame(this.frame);
    this.renderControls();
    for (const film of this.films) film.speak(film.at); // where playback stopped
    this.writeUrl(true);
    if (this.hooks.reportStep) this.scheduleReport();
  }

  scheduleReport() {
    clearTimeout(this.reportTimer);
    this.reportTimer = setTimeout(() => {
      if (!this.playing && this.reported !== this.step) {
        this.reported = this.step;
        this.hooks.reportStep(this.step);
      }
    }, 600);
  }

  // -- the link
  writeUrl(now) {
    if (!this.data || this.data.urlStep === false || !this.films.length) return;
    const write = () => {
      this.lastUrlWrite = performance.now();
      try {
        const url = new URL(window.location.href);
        if (url.searchParams.get("step") === String(this.step)) return;
        url.searchParams.set("step", String(this.step));
        window.history.replaceState(window.history.state, "", url.toString());
      } catch (error) {
        // a page without a URL of its own (a notebook's frame): nothing to keep
      }
    };
    clearTimeout(this.urlTimer);
    const wait = URL_EVERY - (performance.now() - this.lastUrlWrite);
    if (now || wait <= 0) write();
    else this.urlTimer = setTimeout(write, wait);
  }

  // An edit answered by the player alone: the page's link (which Share gives) holds the problem
  // before until the whole page has run with the edit, a moment later (linkCaughtUp).
  linkBehind() {
    this.linkBehindSince = performance.now();
  }

  // `fn` runs once the link has caught up (not at all if it is up to date), or after
  // LINK_WAIT_MS if the page's run never comes.
  whenLinkCaughtUp(fn) {
    if (this.linkBehindSince === null) return;
    this.linkWaiters.push(fn);
    const left = LINK_WAIT_MS - (performance.now() - this.linkBehindSince);
    clearTimeout(this.linkTimer);
    this.linkTimer = setTimeout(() => this.linkCaughtUp(), Math.max(0, left));
  }

  linkCaughtUp() {
    this.linkBehindSince = null;
    clearTimeout(this.linkTimer);
    const waiting = this.linkWaiters.splice(0);
    for (const fn of waiting) fn();
  }

  shareLink(presenting) {
    const url = new URL(window.location.href);
    url.searchParams.set("step", String(this.step));
    if (!presenting) url.searchParams.delete("present");
    else url.searchParams.set("present", "1");
    return url.toString();
  }

  toggleShare() {
    const panel = this.sharePanel;
    if (!panel.hidden) {
      panel.hidden = true;
      return;
    }
    this.pause();
    panel.replaceChildren();
    const presentingNow = !!(this.data && this.data.present);
    const field = el("input", { type: "text", class: "svp-link", readonly: "", "aria-label": "Link to this step" });
    const keep = el("input", { type: "checkbox", class: "svp-keep-present" });
    const keepLabel = el("label", { class: "svp-keep" });
    keepLabel.append(keep, document.createTextNode(" in presenter mode (for another projector)"));
    const copy = el("button", { type: "button", class: "svp-btn svp-copy" }, "Copy link");
    const close = el("button", { type: "button", class: "svp-btn svp-close", "aria-label": "Close" }, "✕");
    // what the link is, said again (to a screen reader too) when an edit's link arrives
    const said = el("div", { class: "svp-share-text", "aria-live": "polite" });
    const refresh = () => {
      const behind = this.linkBehindSince !== null;
      field.value = behind ? "" : this.shareLink(keep.checked);
      copy.disabled = behind;
      const text = behind
        ? "Updating the link to the edit…"
        : `This link reopens step ${this.step} with this problem and these options, for students` +
          (presentingNow ? " (without presenter mode)." : ".");
      if (said.textContent !== text) said.textContent = text;
    };
    keep.onchange = refresh;
    refresh();
    this.whenLinkCaughtUp(refresh);
    copy.onclick = async () => {
      refresh();
      try {
        await navigator.clipboard.writeText(field.value);
      } catch (error) {
        field.select();
        document.execCommand("copy");
      }
      copy.textContent = "Copied ✓";
      setTimeout(() => (copy.textContent = "Copy link"), 1500);
    };
    close.onclick = () => {
      panel.hidden = true;
      this.shareButton.focus();
    };
    panel.onkeydown = (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close.onclick();
      }
    };
    panel.append(said, field, el("div", { class: "svp-share-row" }));
    panel.lastChild.append(copy, keepLabel, close);
    panel.hidden = false;
    field.focus();
    field.select();
  }

  // The host is done with this player (Streamlit unmounted it: its element left the page): it
  // stops, its timers and loads too, and its box goes, so that no stale player stays.
  destroy() {
    this.pause();
    players.delete(this);
    if (lastUsed === this) lastUsed = null;
    window.removeEventListener("resize", this.onResize);
    if (this.watcher) this.watcher.disconnect();
    this.loadToken++; // a film still loading is not mounted
    for (const timer of [this.urlTimer, this.linkTimer, this.editor.waitTimer]) clearTimeout(timer);
    for (const film of this.films) clearTimeout(film.source.again);
    this.box.remove();
  }

  // Fit again when what holds the player changes size (the page above it drawn, a warning
  // shown): once per frame at most, and nothing changes when the room is the same.
  watchPage() {
    if (this.watcher || typeof ResizeObserver === "undefined") return;
    this.watcher = new ResizeObserver(() => {
      if (this.fitFrame) return;
      this.fitFrame = requestAnimationFrame(() => {
        this.fitFrame = null;
        if (this.films.length) this.fit();
      });
    });
    for (let node = parentOf(this.root); node; node = parentOf(node)) this.watcher.observe(node);
  }
}

export function mountPlayer(root, data, hooks) {
  const player = new Player(root, hooks);
  player.update(data);
  return player;
}

// Streamlit (custom components v2, through streamlit_loader.js): the same player, fed by the
// component's data. Streamlit calls a call's cleanup when the component has left the page,
// and also after a call whose data a newer message replaced while it was still loading (the
// player's script, or Streamlit's own): the player is the newer call's then, and stays, with
// its step, edit mode and practice; it ends only once its element is off the page.
export default function (component) {
  const { data, parentElement, setTriggerValue, setStateValue } = component;
  let player = parentElement.__svPlayer;
  if (!player) {
    player = new Player(parentElement, {
      exportStep: (step) => setTriggerValue("export", step),
      reportStep: data && data.report ? (step) => setStateValue("step", step) : null,
      newProblem: () => setTriggerValue("new_problem", Date.now()),
      edit: (change) => setTriggerValue("edit", change),
      settle: (at) => setTriggerValue("settle", at),
      more: (id, step) => setTriggerValue("more", { id, step, at: Date.now() }),
    });
    parentElement.__svPlayer = player;
  }
  player.update(data || {});
  return () => {
    if (parentElement.isConnected) return;
    player.destroy();
    delete parentElement.__svPlayer;
  };
}
