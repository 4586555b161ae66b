/* The race player of the rightofway book (docs/_ext/races.py writes its markup and data).
 *
 * A page holds one player: <div class="race-player" data-ruleset data-moves data-src>.
 * The script fetches the race's frames (JSON beside the book's static files: no network
 * beyond the book itself), then shows one frame at a time: the board after the move
 * (SVG, rebuilt from the shared pieces), the move's title in #race-move and, in
 * #race-ruling, the events the move caused and the library's ruling, each step with the
 * rulebook section it cites (a link to the rule where the book has one). Controls:
 * #race-prev, #race-next, #race-play (play and pause) and the range #race-scrub; the
 * arrow keys, Home and End step through the race while the player has the focus.
 * Once the first frame is shown the player says data-ready="true".
 */
(function () {
  "use strict";

  var FORMAT = "rightofway-race-frames";
  var STEP_MS = 900;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) {
      node.className = className;
    }
    if (text !== undefined) {
      node.textContent = text;
    }
    return node;
  }

  function byId(root, id) {
    var node = root.querySelector("#" + id);
    if (!node) {
      throw new Error("the player has no #" + id);
    }
    return node;
  }

  function check(data, moves) {
    if (!data || data.format !== FORMAT || data.version !== 1) {
      throw new Error("not the frames of a race (format " + FORMAT + ", version 1)");
    }
    if (!Array.isArray(data.frames) || data.frames.length !== moves + 1) {
      throw new Error("expected the start and " + moves + " moves, got " +
                      (Array.isArray(data.frames) ? data.frames.length : "no") + " frames");
    }
  }

  /* The SVG of a frame: its runs [first, count, ...] of the shared pieces. */
  function boardText(data, runs) {
    var out = [];
    for (var i = 0; i + 1 < runs.length; i += 2) {
      out.push(data.pieces.slice(runs[i], runs[i] + runs[i + 1]).join(""));
    }
    return out.join("");
  }

  /* Let the drawing scale with the column: a viewBox from its size where it has none. */
  function scalable(svg) {
    var w = parseFloat(svg.getAttribute("width"));
    var h = parseFloat(svg.getAttribute("height"));
    if (!svg.getAttribute("viewBox") && w > 0 && h > 0) {
      svg.setAttribute("viewBox", "0 0 " + w + " " + h);
    }
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    if (w > 0) {
      svg.style.maxWidth = Math.round(w * 1.5) + "px";
    }
    svg.setAttribute("role", "img");
  }

  function cite(data, text) {
    var href = data.links && data.links[text];
    var node = el(href ? "a" : "span", "race-cite", text);
    if (href) {
      node.href = href;
    }
    return node;
  }

  function events(data, frame) {
    var list = el("ul", "race-events");
    frame.events.forEach(function (e) {
      var item = el("li", "race-event race-event-" + e.kind);
      item.appendChild(cite(data, e.cite));
      item.appendChild(document.createTextNode(" " + e.text));
      list.appendChild(item);
    });
    return list;
  }

  function ruling(data, r) {
    var box = el("div", "race-ruling-steps");
    if (r.title) {
      box.appendChild(el("p", "race-ruling-title", r.title));
    }
    var list = el("ol", "race-steps");
    r.steps.forEach(function (index) {
      var s = data.steps[index];
      var item = el("li", "race-step race-step-" + s.kind);
      item.appendChild(el("span", "race-kind", s.kind));
      item.appendChild(document.createTextNode(" "));
      item.appendChild(cite(data, s.cite));
      item.appendChild(document.createTextNode(" " + s.text));
      if (s.detail) {
        item.appendChild(el("div", "race-detail", s.detail));
      }
      list.appendChild(item);
    });
    box.appendChild(list);
    return box;
  }

  function heading(text) {
    return el("h4", "race-heading", text);
  }

  function recordLink(root, data) {
    var p = el("p", "race-record");
    var a = el("a", "", data.record);
    a.href = root.getAttribute("data-src").replace(/[^/]*$/, "") + data.record;
    a.setAttribute("download", data.record);
    p.appendChild(document.createTextNode("The race's record: "));
    p.appendChild(a);
    p.appendChild(document.createTextNode(" (rightofway replay " + data.record +
                                          " --full prints what this player shows)."));
    return p;
  }

  function explain(root, data, i) {
    var frame = data.frames[i];
    var pane = document.createDocumentFragment();
    var last = data.frames.length - 1;
    if (i === 0) {
      pane.appendChild(el("p", "race-intro",
        data.boats + " boats set up from seed " + data.seed + ", before the first move. " +
        "Step forward, play, or drag the slider through the " + data.moves + " moves."));
    }
    if (frame.events.length) {
      pane.appendChild(heading("What the move caused"));
      pane.appendChild(events(data, frame));
    }
    if (frame.rulings.length) {
      pane.appendChild(heading(data.view !== "rrs" ? "The ruling" :
        i === 0 ? "The Racing Rules at the start" : "The Racing Rules after the move"));
      frame.rulings.forEach(function (r) {
        pane.appendChild(ruling(data, r));
      });
    } else if (i > 0) {
      pane.appendChild(el("p", "race-no-ruling",
        "No ruling: the library does not rule on this move for right of way."));
    }
    if (i === last) {
      var result = el("p", "race-result");
      result.appendChild(el("strong", "", "Race over: "));
      var order = data.result.finish_order.map(function (b, n) {
        return (n + 1) + ". " + b;
      }).join(", ");
      result.appendChild(document.createTextNode(
        "finish " + (order || "nobody") + "; " + data.result.reason));
      if (data.result.cite) {
        result.appendChild(document.createTextNode(" "));
        result.appendChild(cite(data, data.result.cite));
      }
      result.appendChild(document.createTextNode(". Replayed: " + data.verdict + "."));
      pane.appendChild(result);
    }
    if (i === 0 || i === last) {
      pane.appendChild(recordLink(root, data));
    }
    return pane;
  }

  function player(root) {
    var moves = parseInt(root.getAttribute("data-moves"), 10);
    var prev = byId(root, "race-prev");
    var next = byId(root, "race-next");
    var play = byId(root, "race-play");
    var scrub = byId(root, "race-scrub");
    var title = byId(root, "race-move");
    var boardBox = byId(root, "race-board");
    var rulingBox = byId(root, "race-ruling");
    var data = null;
    var at = 0;
    var timer = null;

    function show(i) {
      at = Math.max(0, Math.min(moves, i));
      var frame = data.frames[at];
      title.textContent = at === 0 ?
        "start of the race (" + moves + " moves)" :
        "move " + at + " of " + moves + ": " + frame.move;
      boardBox.innerHTML = boardText(data, frame.board);
      var svg = boardBox.querySelector("svg");
      if (svg) {
        scalable(svg);
        svg.setAttribute("aria-label", "the board " +
          (at === 0 ? "at the start" : "after move " + at));
      }
      rulingBox.textContent = "";
      rulingBox.appendChild(explain(root, data, at));
      scrub.value = String(at);
      scrub.setAttribute("aria-valuetext", title.textContent);
      var focused = document.activeElement;
      prev.disabled = at === 0;
      next.disabled = at === moves;
      /* a button disabled under the focus would drop it out of the player: keep it in */
      if (focused === prev && prev.disabled) {
        next.focus();
      } else if (focused === next && next.disabled) {
        prev.focus();
      }
      root.setAttribute("data-move", String(at));
    }

    function pause() {
      if (timer !== null) {
        window.clearInterval(timer);
        timer = null;
      }
      play.textContent = "\u25B6 play";
      play.setAttribute("aria-label", "play");
      play.setAttribute("aria-pressed", "false");
    }

    function start() {
      if (at === moves) {
        show(0);
      }
      play.textContent = "\u275A\u275A pause";
      play.setAttribute("aria-label", "pause");
      play.setAttribute("aria-pressed", "true");
      timer = window.setInterval(function () {
        if (at >= moves) {
          pause();
        } else {
          show(at + 1);
          if (at >= moves) {
            pause();
          }
        }
      }, STEP_MS);
    }

    function stepTo(i) {
      pause();
      show(i);
    }

    prev.addEventListener("click", function () { stepTo(at - 1); });
    next.addEventListener("click", function () { stepTo(at + 1); });
    play.addEventListener("click", function () {
      if (timer === null) {
        start();
      } else {
        pause();
      }
    });
    scrub.addEventListener("input", function () {
      stepTo(parseInt(scrub.value, 10));
    });
    root.addEventListener("keydown", function (event) {
      if (event.target === scrub || event.altKey || event.ctrlKey || event.metaKey) {
        return;  /* the range steps by itself */
      }
      var to = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: moves}[event.key];
      if (to !== undefined) {
        event.preventDefault();
        stepTo(to);
      }
    });

    function fail(message) {
      root.setAttribute("data-ready", "false");
      title.textContent = "The race could not be loaded: " + message;
      rulingBox.textContent = location.protocol === "file:" ?
        "Browsers do not let a page opened from a file read the race's data: serve the " +
        "book (python -m http.server in its folder) and open it from there." : "";
    }

    var src = root.getAttribute("data-src");
    if (!src || !(moves >= 0)) {
      fail("the player names no data");
      return;
    }
    window.fetch(src).then(function (response) {
      if (!response.ok) {
        throw new Error(src + ": " + response.status + " " + response.statusText);
      }
      return response.json();
    }).then(function (loaded) {
      check(loaded, moves);
      data = loaded;
      [prev, next, play, scrub].forEach(function (c) { c.disabled = false; });
      show(0);
      root.setAttribute("data-ready", "true");
    }).catch(function (err) {
      fail(err && err.message ? err.message : String(err));
    });
  }

  function init() {
    var roots = document.querySelectorAll("div.race-player");
    for (var i = 0; i < roots.length; i++) {
      player(roots[i]);
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
}());
