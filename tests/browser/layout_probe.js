// Measures what a reader sees on one page of the book: run by tests/browser/test_site.py
// through playwright's page.evaluate (this file is not part of the site).
// Returns {height, docWidth, viewWidth, article, equations, tables, overflow, images}.
() => {
  // MathJax's hidden copy of each formula for screen readers is laid out at its own
  // natural width and would count as overflow: take it out of the layout while measuring.
  const quiet = document.createElement("style");
  quiet.textContent = "mjx-assistive-mml { display: none !important; }";
  document.head.appendChild(quiet);
  const art = document.querySelector("article.bd-article")
    || document.querySelector("main") || document.body;
  const ar = art.getBoundingClientRect();
  const cs = getComputedStyle(art);
  const contentLeft = ar.left + parseFloat(cs.paddingLeft);
  const contentRight = ar.right - parseFloat(cs.paddingRight);
  const TOL = 1.5;  // sub-pixel rounding

  // A short, stable description of an element for the failure report.
  const describe = (el) => {
    let name = el.tagName.toLowerCase();
    if (el.id) name += "#" + el.id;
    const cls = (el.getAttribute("class") || "").trim().split(/\s+/).filter(Boolean);
    if (cls.length) name += "." + cls.slice(0, 2).join(".");
    let anchor = el.closest("[id]");
    if (anchor === el) anchor = el.parentElement && el.parentElement.closest("[id]");
    const where = anchor ? ` in #${anchor.id}` : "";
    let text = "";
    const table = el.tagName === "TABLE" ? el : el.querySelector && el.querySelector("table");
    if (table && table.caption) text = table.caption.textContent;
    if (!text) text = el.textContent || el.getAttribute("alt") || "";
    text = text.replace(/\s+/g, " ").trim().slice(0, 70);
    return `${name}${where}: "${text}"`;
  };
  const texOf = (container) => {
    try {
      const items = MathJax.startup.document.getMathItemsWithin(container);
      if (items.length) return items[0].math.replace(/\s+/g, " ").trim().slice(0, 90);
    } catch (e) { /* no MathJax on this page */ }
    return (container.textContent || "").slice(0, 60);
  };
  // MathJax's own boxes inside a formula (stretchy extenders clip on purpose) are its
  // business: a formula is measured as a whole, by its container
  const skipped = (el) => !!el.closest(
    "mjx-assistive-mml, script, style, .headerlink, .visually-hidden, .sr-only")
    || (el.tagName !== "MJX-CONTAINER" && !!el.closest("mjx-container"));
  const scrolls = (ox) => ox === "auto" || ox === "scroll";
  const hasCue = (el) => {
    const s = getComputedStyle(el);
    return /gradient/.test(s.backgroundImage) || /gradient/.test(s.maskImage || "")
      || el.classList.contains("scroll-cue");
  };

  // Display equations: the rendered formula fits the column and is not under its number.
  const equations = [];
  for (const c of art.querySelectorAll('mjx-container[display="true"]')) {
    if (skipped(c)) continue;
    const m = c.querySelector("mjx-math");
    if (!m) continue;
    const mr = m.getBoundingClientRect();
    const box = c.parentElement.closest("div.math") || c.parentElement;
    const br = box.getBoundingClientRect();
    const eqno = box.querySelector(":scope > .eqno");
    const er = eqno ? eqno.getBoundingClientRect() : null;
    // the part of the formula a reader sees (a scrolling box shows only its own rectangle)
    const cr = c.getBoundingClientRect();
    const seenLeft = Math.max(mr.left, cr.left), seenRight = Math.min(mr.right, cr.right);
    const covered = !!er && er.width > 0 && seenRight > er.left + TOL && seenLeft < er.right - TOL
      && mr.bottom > er.top && mr.top < er.bottom;
    equations.push({
      id: box.id || "(unlabelled)", tex: texOf(c), width: Math.round(mr.width),
      available: Math.round(Math.min(br.width, contentRight - contentLeft) - (er ? er.width : 0)),
      fits: mr.width <= c.clientWidth + TOL && mr.left >= contentLeft - TOL
        && mr.right <= contentRight + TOL,
      covered,
      scroller: scrolls(getComputedStyle(c).overflowX),
      cue: hasCue(c) || hasCue(box),
    });
  }

  // Tables: their rendered width against the content column.
  const tables = [];
  for (const t of art.querySelectorAll("table")) {
    if (skipped(t) || !t.offsetParent) continue;
    const tr = t.getBoundingClientRect();
    tables.push({
      what: describe(t), width: Math.round(tr.width),
      available: Math.round(contentRight - contentLeft),
      fits: tr.width <= contentRight - contentLeft + TOL,
    });
  }

  // Every element: content hidden by its own box, or reaching past the article.
  const overflow = [];
  const seen = new Set();
  for (const el of art.querySelectorAll("*")) {
    if (skipped(el) || !el.getClientRects().length) continue;
    const s = getComputedStyle(el);
    if (s.visibility === "hidden" || s.display === "none") continue;
    const ox = s.overflowX;
    // overflow does not apply to inline boxes (inline math reports one that means nothing)
    if (s.display !== "inline" && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + TOL) {
      const kind = scrolls(ox) ? "scrolls" : (ox === "hidden" || ox === "clip") ? "clipped" : null;
      if (kind) {
        // equations and tables have their own, more precise entries at 1366 px
        const holds = el.matches('div.math mjx-container, div.math') ? "equation"
          : el.querySelector("table") ? "table" : null;
        overflow.push({kind, what: describe(el), width: el.scrollWidth, box: el.clientWidth,
                       cue: hasCue(el), holds});
        seen.add(el);
      }
    }
    const r = el.getBoundingClientRect();
    if (r.width > 0 && (r.right > ar.right + TOL || r.left < ar.left - TOL)) {
      // only if no box between it and the article scrolls or clips it
      let p = el.parentElement, held = false;
      while (p && p !== art) {
        if (seen.has(p) || getComputedStyle(p).overflowX !== "visible") { held = true; break; }
        p = p.parentElement;
      }
      if (!held && !(el.parentElement && el.parentElement.closest("[data-past-article]"))) {
        el.setAttribute("data-past-article", "");
        overflow.push({kind: "past the article", what: describe(el),
                       width: Math.round(r.width), box: Math.round(ar.width), cue: false});
      }
    }
  }

  // Figures: alt text that says something (not a file name or a hash).
  const images = [];
  for (const img of art.querySelectorAll("img")) {
    const alt = (img.getAttribute("alt") || "").trim();
    const src = img.getAttribute("src") || "";
    const base = src.split("/").pop();
    const stem = base.replace(/\.[a-z0-9]+$/i, "");
    const bad = !alt || alt.endsWith(base) || alt === stem || /^[0-9a-f]{16,}(\.\w+)?$/i.test(alt)
      || /\.(png|jpe?g|svg|gif)$/i.test(alt) || alt.length < 8;
    images.push({src: base, alt: alt.slice(0, 80), bad});
  }

  quiet.remove();
  return {
    height: document.documentElement.scrollHeight,
    docWidth: document.documentElement.scrollWidth,
    viewWidth: window.innerWidth,
    article: Math.round(contentRight - contentLeft),
    equations, tables, overflow, images,
  };
}
