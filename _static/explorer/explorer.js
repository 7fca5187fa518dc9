/* The metric explorer page: inputs, tables and the two curves, drawn by hand in SVG.
 * A classic script (file:// works); the arithmetic is in metrics.js (ImbalanceMetrics).
 * It fills the element with id "imbalance-explorer" and does nothing on other pages.
 */
(function () {
  "use strict";
  var M = window.ImbalanceMetrics;
  var SVGNS = "http://www.w3.org/2000/svg";
  var S = window.ImbalanceSurfaces;
  var state = { C: null, n: 1000, pi: 0.1, d: 1.5, t: 1.3, cost: 5, deploy: 0.01,
    C3: [[50, 3, 2], [5, 20, 5], [1, 4, 10]], alphas: Object.assign({}, M.PARAMS),
    surface: "balanced_accuracy", compare: "accuracy", marks: [], sweep: 0 };
  var el = {};
  var MAX_COUNT = 1e12;  // a typed count above this is ignored (products of counts would overflow)

  function h(tag, attrs, children) {
    var node = document.createElement(tag);
    for (var k in attrs || {}) {
      if (Object.prototype.hasOwnProperty.call(attrs, k)) {
        if (k === "text") { node.textContent = attrs[k]; } else { node.setAttribute(k, attrs[k]); }
      }
    }
    (children || []).forEach(function (c) { node.appendChild(c); });
    return node;
  }
  function s(tag, attrs) {
    var node = document.createElementNS(SVGNS, tag);
    for (var k in attrs) {
      if (Object.prototype.hasOwnProperty.call(attrs, k)) { node.setAttribute(k, attrs[k]); }
    }
    return node;
  }
  function fmt(v, digits) {
    return v !== v ? "undefined" : v.toFixed(digits === undefined ? 4 : digits);
  }

  function numberInput(id, label, value, onInput, attrs) {
    var input = h("input", Object.assign({ id: id, type: "number", min: "0", step: "1",
      value: String(value), inputmode: "numeric" }, attrs || {}));
    input.addEventListener("input", function () {
      var v = Number(input.value);
      if (input.value !== "" && isFinite(v) && v >= Number(input.min || 0)) { onInput(v); }
    });
    return [h("label", { "for": id, text: label }), input];
  }
  function slider(id, label, min, max, step, value, onInput) {
    var input = h("input", { id: id, type: "range", min: String(min), max: String(max),
      step: String(step), value: String(value) });
    var out = h("output", { "for": id, id: id + "-value", text: String(value) });
    input.addEventListener("input", function () {
      out.textContent = input.value;
      onInput(Number(input.value));
    });
    return h("div", { "class": "ie-slider" }, [h("label", { "for": id, text: label }), input, out]);
  }

  // the 2x2 matrix: inputs in a table with the classes as headers
  function matrixInputs() {
    var names = [["tn", "TN", "True negatives (TN)"], ["fp", "FP", "False positives (FP)"],
      ["fn", "FN", "False negatives (FN)"], ["tp", "TP", "True positives (TP)"]];
    el.cells = [];
    var cells = names.map(function (nm, i) {
      var input = h("input", { id: "ie-" + nm[0], type: "number", min: "0", step: "1",
        "aria-label": nm[2], value: String(state.C[i >> 1][i & 1]) });
      input.addEventListener("input", function () {
        var v = Number(input.value);
        if (input.value === "" || !isFinite(v) || v < 0 || v !== Math.floor(v) || v > MAX_COUNT) { return; }
        state.C[i >> 1][i & 1] = v;
        update();
      });
      el.cells.push(input);
      return h("td", {}, [h("span", { "class": "ie-cell-name", "aria-hidden": "true", text: nm[1] }), input]);
    });
    return h("table", { "class": "ie-matrix" }, [
      h("caption", { text: "Confusion matrix (rows: true class; columns: predicted class)" }),
      h("thead", {}, [h("tr", {}, [h("td"), h("th", { scope: "col", text: "predicted negative" }),
        h("th", { scope: "col", text: "predicted positive" })])]),
      h("tbody", {}, [
        h("tr", {}, [h("th", { scope: "row", text: "negative" }), cells[0], cells[1]]),
        h("tr", {}, [h("th", { scope: "row", text: "positive" }), cells[2], cells[3]])])]);
  }

  function showMatrix() {
    (el.cells || []).forEach(function (input, i) { input.value = String(state.C[i >> 1][i & 1]); });
    update();
  }
  function fromModel() {
    var P = Math.round(state.n * state.pi), N = state.n - P;
    state.source = "binormal";
    state.C = M.binormalMatrix(P, N, state.t, state.d);
    showMatrix();
  }
  // the stored scores of a data set (satimage_scores.js, optional): threshold over them
  var DATA = window.ImbalanceScores;
  function fromData() {
    state.source = "data";
    state.C = M.scoreMatrix(DATA.labels, DATA.scores, state.ts);
    showMatrix();
  }
  function dataFieldset() {
    if (!DATA) { return null; }
    var lo = DATA.scores[DATA.scores.length - 1], hi = DATA.scores[0];
    state.ts = 0;
    el.dataCurves = M.scoreCurves(DATA.labels, DATA.scores);
    return h("fieldset", {}, [h("legend", { text: "Scores of a data set (sets the matrix)" }),
      h("p", { "class": "ie-note", text: DATA.name + ": " + DATA.scores.length + " test samples." }),
      slider("ie-ts", "Threshold on the score", Math.floor(lo), Math.ceil(hi), 0.05, state.ts,
        function (v) { state.ts = v; fromData(); })]);
  }

  function metricTable() {
    el.rows = {};
    var body = h("tbody");
    M.TITLES.forEach(function (nt) {
      var cells = [h("td"), h("td"), h("td")];
      el.rows[nt[0]] = cells;
      body.appendChild(h("tr", {}, [h("th", { scope: "row", text: nt[1] })].concat(cells)));
    });
    el.deployHead = h("th", { scope: "col", text: "at deployment" });
    return h("div", { "class": "ie-scroll pst-scrollable-table-container", role: "region", tabindex: "0",
      "aria-label": "Every metric of the matrix" }, [h("table", { "class": "ie-metrics" }, [
      h("thead", {}, [h("tr", {}, [h("th", { scope: "col", text: "Metric" }),
        h("th", { scope: "col", text: "Value" }), h("th", { scope: "col", text: "95 % interval", title: "Wilson for TPR, TNR, precision, NPV and accuracy; delta method otherwise" }),
        el.deployHead])]), body])]);
  }

  function panel3() {
    var inputs = [], i, j, rows = [];
    for (i = 0; i < 3; i++) {
      var cells = [h("th", { scope: "row", text: "true " + (i + 1) })];
      for (j = 0; j < 3; j++) {
        (function (a, b) {
          var input = h("input", { id: "ie3-" + a + b, type: "number", min: "0", step: "1",
            "aria-label": "true class " + (a + 1) + ", predicted class " + (b + 1),
            value: String(state.C3[a][b]) });
          input.addEventListener("input", function () {
            var v = Number(input.value);
            if (input.value === "" || !isFinite(v) || v < 0 || v !== Math.floor(v) || v > MAX_COUNT) { return; }
            state.C3[a][b] = v;
            update3();
          });
          inputs.push(input);
          cells.push(h("td", {}, [input]));
        })(i, j);
      }
      rows.push(h("tr", {}, cells));
    }
    el.out3 = h("dl", { "class": "ie-out3" });
    return h("div", {}, [h("div", { "class": "ie-scroll pst-scrollable-table-container" }, [h("table", { "class": "ie-matrix ie-matrix3" }, [
      h("caption", { text: "Three classes (rows: true class; columns: predicted class)" }),
      h("thead", {}, [h("tr", {}, [h("td"), h("th", { scope: "col", text: "pred. 1" }),
        h("th", { scope: "col", text: "pred. 2" }), h("th", { scope: "col", text: "pred. 3" })])]),
      h("tbody", {}, rows)])]), el.out3]);
  }

  // one square plot, 0..1 on the x axis and lo..1 on the y axis (lo = 0 or -1), in a
  // 240 x 240 box with margins for the labels
  var SIZE = 240, PAD = 36, W = SIZE - PAD - 8;
  function px(x) { return PAD + x * W; }
  function plot(title, xLabel, yLabel, lo) {
    lo = lo || 0;
    var svg = s("svg", { viewBox: "0 0 " + SIZE + " " + SIZE, role: "img", "class": "ie-plot" });
    var py = function (y) { return 8 + (1 - (y - lo) / (1 - lo)) * W; };
    var t = s("title", {});
    t.textContent = title;
    svg.appendChild(t);
    var back = s("g", {});
    svg.appendChild(back);
    svg.appendChild(s("rect", { x: px(0), y: py(1), width: W, height: W, "class": "ie-frame" }));
    [0, 0.5, 1].forEach(function (v) {
      var a = s("text", { x: px(v), y: py(lo) + 14, "text-anchor": "middle" });
      a.textContent = String(v);
      svg.appendChild(a);
    });
    (lo < 0 ? [-1, 0, 1] : [0, 0.5, 1]).forEach(function (v) {
      var b = s("text", { x: px(0) - 4, y: py(v) + 4, "text-anchor": "end" });
      b.textContent = String(v);
      svg.appendChild(b);
    });
    var xl = s("text", { x: px(0.5), y: SIZE - 2, "text-anchor": "middle" });
    xl.textContent = xLabel;
    var mid = py((lo + 1) / 2);
    var yl = s("text", { x: 10, y: mid, transform: "rotate(-90 10 " + mid + ")", "text-anchor": "middle" });
    yl.textContent = yLabel;
    svg.appendChild(xl); svg.appendChild(yl);
    var layer = s("g", {});
    svg.appendChild(layer);
    return { svg: svg, layer: layer, back: back, py: py };
  }
  function polyline(p, pts, cls) {
    p.layer.appendChild(s("polyline", { points: pts.map(function (q) {
      return px(q[0]).toFixed(1) + "," + p.py(q[1]).toFixed(1); }).join(" "), "class": cls }));
  }
  function segments(p, segs, cls) {
    var d = S.chains(segs).map(function (line) {
      return line.map(function (q, i) {
        return (i ? "L" : "M") + px(q[0]).toFixed(1) + "," + p.py(q[1]).toFixed(1); }).join("");
    }).join("");
    if (d) { p.layer.appendChild(s("path", { d: d, "class": cls })); }
  }
  function dot(p, x, y, cls) {
    if (x === x && y === y) {
      p.layer.appendChild(s("circle", { cx: px(x), cy: p.py(y), r: 5, "class": cls || "ie-point" }));
    }
  }

  function drawCurves(r, pi) {
    var roc = [], pr = [], i, data = state.source === "data";
    var noskill = data ? el.dataCurves.P / (el.dataCurves.P + el.dataCurves.N) : state.pi;
    for (i = 0; i <= 200 && !data; i++) {
      var t = -5 + i * (state.d + 10) / 200, q = M.binormalRates(t, state.d);
      roc.push([q.fpr, q.tpr]);
      var prec = state.pi * q.tpr / (state.pi * q.tpr + (1 - state.pi) * q.fpr);
      if (prec === prec) { pr.push([q.tpr, prec]); }
    }
    el.roc.layer.textContent = "";
    el.pr.layer.textContent = "";
    polyline(el.roc, [[0, 0], [1, 1]], "ie-noskill");
    polyline(el.roc, data ? el.dataCurves.roc : roc, "ie-curve");
    var fpr = 1 - r.tnr, tpr = r.tpr;
    // iso-cost line: slope (N/P)(c_FP/c_FN) through the current point, clipped to the square
    var slope = (1 - pi) / (pi * state.cost);
    if (fpr === fpr && tpr === tpr && isFinite(slope)) {
      var x0 = Math.max(0, fpr - tpr / slope), x1 = Math.min(1, fpr + (1 - tpr) / slope);
      polyline(el.roc, [[x0, tpr + slope * (x0 - fpr)], [x1, tpr + slope * (x1 - fpr)]], "ie-cost");
    }
    dot(el.roc, fpr, tpr);
    polyline(el.pr, [[0, noskill], [1, noskill]], "ie-noskill");
    polyline(el.pr, data ? el.dataCurves.pr : pr, "ie-curve");
    dot(el.pr, r.tpr, r.precision);
    var what = data ? "the stored scores of " + DATA.name : "the binormal model with separation " + state.d;
    el.roc.svg.setAttribute("aria-label", "ROC curve of " + what +
      "; current point FPR " + fmt(fpr, 3) + ", TPR " + fmt(tpr, 3) +
      "; dashed diagonal: no skill; red line: equal expected cost at the cost ratio " + state.cost);
    el.pr.svg.setAttribute("aria-label", "Precision-recall curve of " + (data ? what + ", prevalence " :
      "the binormal model at prevalence ") + fmt(noskill, 3) + "; current point recall " + fmt(r.tpr, 3) + ", precision " + fmt(r.precision, 3) +
      "; dashed line: no skill, precision equal to the prevalence");
  }

  // ---- the metric over the square of the two rates, at the current class sizes ----
  var K = 50;  // grid of (K + 1)^2 nodes
  function titleOf(name) {
    for (var i = 0; i < M.TITLES.length; i++) { if (M.TITLES[i][0] === name) { return M.TITLES[i][1]; } }
    return name;
  }
  function metricSelect(id, label, value, withNone, onChange) {
    var select = h("select", { id: id });
    (withNone ? [["", "none"]] : []).concat(M.TITLES).forEach(function (nt) {
      var option = h("option", { value: nt[0], text: nt[1] });
      if (nt[0] === value) { option.selected = true; }
      select.appendChild(option);
    });
    select.addEventListener("change", function () { onChange(select.value); });
    return h("div", { "class": "ie-row" }, [h("label", { "for": id, text: label }), select]);
  }
  function surfaceValue(name, s0, t0, P, N) {
    return M.binary(S.rateMatrix(s0, t0, P, N), state.alphas)[name];
  }
  function surfacePanel() {
    el.surf = plot("Metric over the rates", "true negative rate (TNR)", "true positive rate (TPR)");
    el.surf.svg.addEventListener("click", function (event) {
      // a click sets the matrix to the nearest whole counts at the class sizes
      var box = el.surf.svg.getBoundingClientRect(), scale = SIZE / box.width;
      var x = ((event.clientX - box.left) * scale - PAD) / W, y = 1 - ((event.clientY - box.top) * scale - 8) / W;
      var C = state.C, P = C[1][0] + C[1][1], N = C[0][0] + C[0][1], slack = 4 / W;  // 4 units: the frame's line
      if (x < -slack || x > 1 + slack || y < -slack || y > 1 + slack || P === 0 || N === 0) { return; }
      x = Math.min(Math.max(x, 0), 1);
      y = Math.min(Math.max(y, 0), 1);
      var tn = Math.round(N * x), tp = Math.round(P * y);
      state.source = "typed";
      state.C = [[tn, N - tn], [P - tp, tp]];
      showMatrix();
    });
    el.surfText = h("p", { "class": "ie-note", id: "ie-surface-text" });
    el.surfLive = h("p", { "class": "visually-hidden", "aria-live": "polite", id: "ie-surface-live" });
    el.marks = h("div", { "class": "ie-scroll pst-scrollable-table-container" });
    var pick = h("fieldset", {}, [h("legend", { text: "Surface and equal-value lines" }),
      metricSelect("ie-surface", "Metric (colour and solid lines)", state.surface, false,
        function (v) { state.surface = v; el.surfKey = null; update(); }),
      metricSelect("ie-compare", "Compare with (dashed line)", state.compare, true,
        function (v) { state.compare = v; update(); }),
      el.surfText, el.surfLive, el.marks]);
    return h("div", { "class": "ie-surface" }, [el.surf.svg, pick]);
  }
  function drawSurface(r) {
    var C = state.C, P = C[1][0] + C[1][1], N = C[0][0] + C[0][1], name = state.surface;
    var range = M.RANGES[name] || [0, 1], key = [name, P, N, state.alphas.weighted_accuracy, state.alphas.iba].join();
    if (el.surfKey !== key) {  // the colours and the grid change only with these
      el.surfKey = key;
      el.surf.back.textContent = "";
      el.surfGrid = P > 0 && N > 0 ? S.grid(function (a, b) { return surfaceValue(name, a, b, P, N); }, K) : null;
      var g = el.surfGrid, step = W / K, i, j;
      for (i = 0; g && i < K; i++) {
        for (j = 0; j < K; j++) {
          var v = [g[i][j], g[i][j + 1], g[i + 1][j], g[i + 1][j + 1]].filter(function (x) { return x === x; });
          if (!v.length) { continue; }
          el.surf.back.appendChild(s("rect", { x: (px(j / K)).toFixed(2), y: el.surf.py((i + 1) / K).toFixed(2),
            width: (step + 0.3).toFixed(2), height: (step + 0.3).toFixed(2),
            fill: S.colour(v.reduce(function (a, b) { return a + b; }) / v.length, range[0], range[1]) }));
        }
      }
      el.surfLevels = [];
      for (i = 1; i < 10; i++) { el.surfLevels.push(range[0] + i * (range[1] - range[0]) / 10); }
    }
    el.surf.layer.textContent = "";
    var s0 = r.tnr, t0 = r.tpr, value = r[name], title = titleOf(name);
    if (!el.surfGrid) {
      el.surfText.textContent = "The surface needs both classes in the matrix.";
      el.surfLive.textContent = "No surface: the matrix has an empty class.";
      el.surf.svg.setAttribute("aria-label", "No surface: the matrix has an empty class.");
      el.marks.textContent = "";
      ["role", "tabindex", "aria-label"].forEach(function (a) { el.marks.removeAttribute(a); });
      return;
    }
    el.surfLevels.forEach(function (level) { segments(el.surf, S.contour(el.surfGrid, level), "ie-iso"); });
    // the lines through the point: crossings refined on the metric itself (bisection)
    var f = function (a, b) { return surfaceValue(name, a, b, P, N); };
    if (value === value) { segments(el.surf, S.contour(el.surfGrid, value, f), "ie-iso-current"); }
    var other = state.compare, otherValue = other ? r[other] : NaN;
    if (other && otherValue === otherValue) {
      var g2 = function (a, b) { return surfaceValue(other, a, b, P, N); };
      segments(el.surf, S.contour(S.grid(g2, K), otherValue, g2), "ie-iso-compare");
    }
    state.marks.forEach(function (m) {
      dot(el.surf, m[1], m[2], "ie-mark");
      var right = m[1] > 0.85;  // near the right edge the label goes to the left of its point
      var label = s("text", { x: px(m[1]) + (right ? -7 : 6), y: el.surf.py(m[2]) - 6, "class": "ie-mark-label",
        "text-anchor": right ? "end" : "start" });
      label.textContent = m[0];
      el.surf.layer.appendChild(label);
    });
    dot(el.surf, s0, t0);
    var swapped = surfaceValue(name, t0, s0, P, N);
    el.surfText.textContent = title + " is " + fmt(value) + " at this matrix (TNR " + fmt(s0, 3) +
      ", TPR " + fmt(t0, 3) + ", with P = " + P + " positives and N = " + N + " negatives). " +
      (value === value ? "The solid line joins every pair of rates with this value at these class sizes; " :
        "No line is drawn for an undefined value; ") +
      "the thin lines are the tenths of its range. With TPR and TNR exchanged: " + fmt(swapped) + "." +
      (other ? " " + titleOf(other) + " (the dashed line through the point): " + fmt(otherValue) + "." : "");
    el.surfLive.textContent = title + " " + fmt(value) + " here; " + fmt(swapped) + " with the rates exchanged.";
    el.surf.svg.setAttribute("aria-label", "Surface of " + title + " over TNR (x) and TPR (y) at P = " + P +
      ", N = " + N + ", brighter for larger values; the current point at TNR " + fmt(s0, 3) + ", TPR " +
      fmt(t0, 3) + " with value " + fmt(value) + (state.marks.length ? "; " + state.marks.length + " marked points" : ""));
    el.marks.textContent = "";
    ["role", "tabindex", "aria-label"].forEach(function (a) { el.marks.removeAttribute(a); });
    if (state.marks.length) {  // a scrollable region a keyboard can reach, only with its table
      el.marks.setAttribute("role", "region");
      el.marks.setAttribute("tabindex", "0");
      el.marks.setAttribute("aria-label", "Marked points");
      var rows = state.marks.map(function (m) {
        return h("tr", {}, [h("th", { scope: "row", text: m[0] }), h("td", { text: fmt(m[1], 3) }),
          h("td", { text: fmt(m[2], 3) }), h("td", { text: fmt(surfaceValue(name, m[1], m[2], P, N)) })]
          .concat(other ? [h("td", { text: fmt(surfaceValue(other, m[1], m[2], P, N)) })] : []));
      });
      el.marks.appendChild(h("table", { "class": "ie-metrics" }, [
        h("caption", { text: "Marked points at these class sizes" }),
        h("thead", {}, [h("tr", {}, [h("th", { scope: "col", text: "point" }), h("th", { scope: "col", text: "TNR" }),
          h("th", { scope: "col", text: "TPR" }), h("th", { scope: "col", text: title })]
          .concat(other ? [h("th", { scope: "col", text: titleOf(other) })] : []))]),
        h("tbody", {}, rows)]));
    }
  }

  // ---- three classes: the metrics as one class's share of the samples changes ----
  // the values the three-class panel lists (and its live region announces)
  var PANEL3 = [["cba", "CBA"], ["iam", "IAM"], ["macro_f1", "Macro F1"], ["mcc", "MCC"], ["kappa", "Kappa"]];
  var SWEEP = [["accuracy", "Accuracy", "ie-l1"], ["cba", "CBA", "ie-l2"], ["iam", "IAM", "ie-l3"],
    ["macro_f1", "Macro F1", "ie-l4"], ["mcc", "MCC", "ie-l5"]];
  function sweepPanel() {
    el.sweep = plot("Three-class metrics against one class's share", "share of the class", "metric", -1);
    var select = h("select", { id: "ie-sweep" });
    [0, 1, 2].forEach(function (c) {
      var option = h("option", { value: String(c), text: "class " + (c + 1) });
      if (c === state.sweep) { option.selected = true; }
      select.appendChild(option);
    });
    select.addEventListener("change", function () { state.sweep = Number(select.value); update3(); });
    el.sweepText = h("p", { "class": "ie-note", id: "ie-sweep-text" });
    el.sweepLive = h("p", { "class": "visually-hidden", "aria-live": "polite", id: "ie-sweep-live" });
    var key = h("ul", { "class": "ie-key" }, SWEEP.map(function (m) {
      return h("li", {}, [h("span", { "class": "ie-swatch " + m[2], "aria-hidden": "true" }), document.createTextNode(m[1])]);
    }));
    return h("div", { "class": "ie-surface" }, [el.sweep.svg, h("fieldset", {}, [
      h("legend", { text: "Class sizes (each row's proportions held)" }),
      h("div", { "class": "ie-row" }, [h("label", { "for": "ie-sweep", text: "Class whose share varies" }), select]),
      key, el.sweepText, el.sweepLive])]);
  }
  function drawSweep() {
    var C = state.C3, c = state.sweep, shares = [], i;
    for (i = 1; i < 200; i++) { shares.push(i / 200); }
    el.sweep.layer.textContent = "";
    polyline(el.sweep, [[0, 0], [1, 0]], "ie-noskill");
    var rows = C.map(function (r) { return r[0] + r[1] + r[2]; }), n = rows[0] + rows[1] + rows[2];
    if (!S.classShare(C, c, 0.5)) {
      el.sweepText.textContent = "Every class needs a sample for its share to be moved.";
      el.sweepLive.textContent = "No sweep: a class of the matrix is empty.";
      el.sweep.svg.setAttribute("aria-label", "No sweep: a class of the matrix is empty.");
      return;
    }
    var values = shares.map(function (q) { return M.multiclass(S.classShare(C, c, q)); });
    SWEEP.forEach(function (m) {
      var pts = [];
      shares.forEach(function (q, k) { if (values[k][m[0]] === values[k][m[0]]) { pts.push([q, values[k][m[0]]]); } });
      polyline(el.sweep, pts, "ie-sweep-line " + m[2]);
    });
    var now = rows[c] / n, here = M.multiclass(C);
    polyline(el.sweep, [[now, -1], [now, 1]], "ie-now");
    SWEEP.forEach(function (m) { dot(el.sweep, now, here[m[0]], "ie-mark"); });
    // per metric: its value here, and its lowest and highest over the shares (with where)
    var extremes = SWEEP.map(function (m) {
      var lo = 0, hi = 0;
      values.forEach(function (v, k) {
        if (v[m[0]] < values[lo][m[0]] || values[lo][m[0]] !== values[lo][m[0]]) { lo = k; }
        if (v[m[0]] > values[hi][m[0]] || values[hi][m[0]] !== values[hi][m[0]]) { hi = k; }
      });
      var low = values[lo][m[0]], high = values[hi][m[0]];
      if (low !== low) { return m[1] + " undefined at every share"; }
      if (high - low < 0.0005) { return m[1] + " " + fmt(here[m[0]], 3) + " at every share"; }
      return m[1] + " " + fmt(here[m[0]], 3) + " here, from " + fmt(low, 3) + " (at " +
        fmt(100 * shares[lo], 1) + " %) to " + fmt(high, 3) + " (at " + fmt(100 * shares[hi], 1) + " %)";
    });
    el.sweepText.textContent = "Class " + (c + 1) + " holds " + fmt(100 * now, 1) + " % of the samples (the vertical line). " +
      "Over shares from 0.5 % to 99.5 %, each class's row proportions held: " + extremes.join("; ") + ".";
    el.sweep.svg.setAttribute("aria-label", "Accuracy, CBA, IAM, macro F1 and MCC against the share of class " +
      (c + 1) + "; the values are in the text beside the chart.");
    el.sweepLive.textContent = "Class " + (c + 1) + ": " + fmt(100 * now, 1) + " % of the samples. " +
      PANEL3.map(function (nm) { return nm[1] + " " + fmt(here[nm[0]]); }).join(", ") + ".";
  }

  function update() {
    var C = state.C, r = M.binary(C, state.alphas), P = C[1][0] + C[1][1];
    var n = P + C[0][0] + C[0][1], pi = P / n;
    if (el.rows) {
      var ci = M.deltaIntervals(C, undefined, state.alphas), wilson = M.intervals(C);
      Object.keys(wilson).forEach(function (name) { ci[name] = wilson[name]; });
      var shifted = M.atPrevalence(C, state.deploy), rd = shifted ? M.binary(shifted, state.alphas) : null;
      el.deployHead.textContent = "at prevalence " + state.deploy;
      M.TITLES.forEach(function (nt) {
        var cells = el.rows[nt[0]], iv = ci[nt[0]];
        cells[0].textContent = fmt(r[nt[0]]);
        cells[1].textContent = iv ? (iv[0] !== iv[0] ? "undefined" : fmt(iv[0], 3) + " to " + fmt(iv[1], 3)) : "";
        cells[2].textContent = rd ? fmt(rd[nt[0]]) : "undefined";
      });
    }
    el.summary.textContent = "n = " + n + ", prevalence " + fmt(pi, 3) + ": TPR " + fmt(r.tpr, 3) +
      ", TNR " + fmt(r.tnr, 3) + ", precision " + fmt(r.precision, 3) + ", balanced accuracy " +
      fmt(r.balanced_accuracy, 3) + ", MCC " + fmt(r.mcc, 3) + ".";
    if (el.roc) { drawCurves(r, pi); }
    if (el.surf) { drawSurface(r); }
    resized();
  }
  function update3() {
    if (el.out3) {
      var r = M.multiclass(state.C3);
      el.out3.textContent = "";
      PANEL3.forEach(function (nm) {
        el.out3.appendChild(h("dt", { text: nm[1] }));
        el.out3.appendChild(h("dd", { text: fmt(r[nm[0]]) }));
      });
    }
    if (el.sweep) { drawSweep(); }
    resized();
  }
  // inside a chapter's frame: tell the page how tall the explorer is (embed-host.js)
  function resized() {
    if (state.embed && window.parent !== window) {
      // the content's own height (the document's scroll height is at least the frame's)
      window.parent.postMessage({ imbalanceExplorerHeight: document.body.getBoundingClientRect().height }, "*");
    }
  }

  function paramsFieldset() {
    var sliders = {
      weighted_accuracy: function () {
        return slider("ie-wa-alpha", "Weight α of weighted accuracy (on the TPR)", 0, 1, 0.01,
          state.alphas.weighted_accuracy, function (v) { state.alphas.weighted_accuracy = v; update(); });
      },
      iba: function () {
        return slider("ie-iba-alpha", "α of IBA", 0, 1, 0.01, state.alphas.iba,
          function (v) { state.alphas.iba = v; update(); });
      }
    };
    return h("fieldset", {}, [h("legend", { text: "Metric parameters" })].concat(
      (state.params || ["weighted_accuracy", "iba"]).map(function (k) { return sliders[k](); })));
  }

  var ALL = ["matrix", "model", "data", "params", "deploy", "plots", "table", "surface", "matrix3", "sweep"];
  function build(root, panels) {
    var P = Math.round(state.n * state.pi), want = {};
    (panels || ALL).forEach(function (p) { want[p] = true; });
    state.C = M.binormalMatrix(P, state.n - P, state.t, state.d);
    state.source = "binormal";
    el.summary = h("p", { "class": "ie-summary", "aria-live": "polite", id: "ie-summary" });
    var parts = {
      matrix: matrixInputs,
      model: function () {
        return h("fieldset", {}, [h("legend", { text: "Binormal scores (sets the matrix)" }),
          h("div", { "class": "ie-row" }, numberInput("ie-n", "Sample size", state.n, function (v) {
            if (v <= MAX_COUNT) { state.n = Math.floor(v); fromModel(); } }, { min: "1" })),
          slider("ie-pi", "Prevalence", 0.005, 0.995, 0.005, state.pi, function (v) { state.pi = v; fromModel(); }),
          slider("ie-d", "Separation d", 0, 4, 0.05, state.d, function (v) { state.d = v; fromModel(); }),
          slider("ie-t", "Threshold", -3, 7, 0.05, state.t, function (v) { state.t = v; fromModel(); })]);
      },
      data: dataFieldset,
      params: paramsFieldset,
      deploy: function () {
        return h("fieldset", {}, [h("legend", { text: "Costs and deployment" }),
          h("div", { "class": "ie-row" }, numberInput("ie-cost", "Cost of a false negative / cost of a false positive",
            state.cost, function (v) { if (v > 0) { state.cost = v; update(); } }, { min: "0.01", step: "any" })),
          h("div", { "class": "ie-row" }, numberInput("ie-deploy", "Deployment prevalence", state.deploy,
            function (v) { if (v > 0 && v < 1) { state.deploy = v; update(); } },
            { min: "0.001", max: "0.999", step: "0.001" }))]);
      }
    };
    var controls = ["matrix", "model", "data", "params", "deploy"].filter(function (p) { return want[p]; })
      .map(function (p) { return parts[p](); }).filter(Boolean);
    var out = [h("div", { "class": "ie-controls" }, controls)];
    if (want.matrix || want.model) { out.push(el.summary); }
    if (want.plots) {
      el.roc = plot("ROC curve", "false positive rate", "true positive rate");
      el.pr = plot("Precision-recall curve", "recall", "precision");
      out.push(h("div", { "class": "ie-plots" }, [el.roc.svg, el.pr.svg]));
    }
    if (want.table) { out.push(metricTable()); }
    if (want.surface) { out.push(h("h3", { text: "The metric over the two rates" }), surfacePanel()); }
    if (want.matrix3) { out.push(h("h3", { text: "Three classes" }), panel3()); }
    if (want.sweep) { out.push(sweepPanel()); }
    root.textContent = "";
    out.forEach(function (c) { root.appendChild(c); });
    update();
    update3();
    root.setAttribute("data-ready", "true");
  }

  // presets and URL parameters: explorer.html?preset=iba, ?tn=..&fp=..&fn=..&tp=.., or
  // ?n=..&pi=..&d=..&t=.. for the binormal model. A preset is a chapter's own example;
  // in a chapter's frame (embed.html) it also chooses the panels shown.
  var PRESETS = {
    // the chapter's running example (6 of 10 positives found, 9 false alarms): weighted
    // accuracy against accuracy, equal at a weight equal to the prevalence
    balanced_accuracy: { C: [[81, 9], [4, 6]], surface: "weighted_accuracy", compare: "accuracy",
      panels: ["matrix", "params", "surface"], params: ["weighted_accuracy"] },
    // Garcia et al. (2009), Table 2: four configurations on a 1:10 problem (100 positives,
    // 1,000 negatives); the first and the last exchange their rates
    iba: { C: [[950, 50], [45, 55]], surface: "iba", compare: "g_mean",
      marks: [["θ1", 0.95, 0.55], ["θ2", 0.81, 0.68], ["θ3", 0.68, 0.81], ["θ4", 0.55, 0.95]],
      panels: ["matrix", "params", "surface"], params: ["iba"] },
    // Burduk (2020), Table 1: P = 1,000 positives, N = 10 negatives, classifiers 1 to 4
    hmnc: { C: [[5, 5], [500, 500]], surface: "hmnc", compare: "balanced_accuracy",
      marks: [["Ψ1", 0.5, 0.5], ["Ψ2", 0.5, 0.7], ["Ψ3", 0.7, 0.7], ["Ψ4", 0.7, 0.5]],
      panels: ["matrix", "surface"] },
    // Mortaz (2020), Example 2: the matrix CM3 (class counts of its Table 4)
    iam: { C3: [[100, 102, 99], [105, 100, 10], [102, 10, 90]], sweep: 1, panels: ["matrix3", "sweep"] },
    // a binormal model with few positives: the AC-score's surface against balanced accuracy
    ac_score: { model: { n: 1000, pi: 0.05, d: 2, t: 1.6 }, surface: "ac", compare: "balanced_accuracy",
      panels: ["matrix", "model", "surface"] }
  };
  function applyParameters(q, preset) {
    var cells = ["tn", "fp", "fn", "tp"].map(function (k) { return Number(q.get(k)); });
    var typed = ["tn", "fp", "fn", "tp"].every(function (k, i) {
      return q.has(k) && isFinite(cells[i]) && cells[i] >= 0 && cells[i] <= MAX_COUNT &&
        Math.floor(cells[i]) === cells[i]; });
    var model = preset.model || {}, changed = false;
    ["n", "pi", "d", "t"].forEach(function (k) {
      var v = q.has(k) ? Number(q.get(k)) : model[k];
      if (v !== undefined && isFinite(v)) { state[k] = v; changed = true; }
    });
    state.n = Math.min(Math.max(1, Math.floor(state.n)), MAX_COUNT);
    state.pi = Math.min(Math.max(state.pi, 0.005), 0.995);
    if (changed) {
      ["n", "pi", "d", "t"].forEach(function (k) {
        var input = document.getElementById("ie-" + k), out = document.getElementById("ie-" + k + "-value");
        if (input) { input.value = String(state[k]); }
        if (out) { out.textContent = String(state[k]); }
      });
      fromModel();
    }
    var C = typed ? [[cells[0], cells[1]], [cells[2], cells[3]]] : preset.C;
    if (C) { state.source = "typed"; state.C = C.map(function (r) { return r.slice(); }); showMatrix(); }
  }

  function start() {
    var root = document.getElementById("imbalance-explorer");
    if (!root || !M || !S) { return; }
    var q = new URLSearchParams(window.location.search || ""), preset = PRESETS[q.get("preset")] || {};
    state.embed = root.getAttribute("data-embed") === "true";
    if (state.embed && preset.params) { state.params = preset.params; }  // the frame's sliders only
    ["surface", "compare", "marks", "sweep"].forEach(function (k) {
      if (preset[k] !== undefined) { state[k] = preset[k]; }
    });
    if (preset.C3) { state.C3 = preset.C3.map(function (r) { return r.slice(); }); }
    var panels = state.embed ? (preset.panels || ["matrix", "model", "surface"]) : null;
    build(root, panels);
    applyParameters(q, preset);
    if (state.embed) {
      var full = h("a", { href: "../../chapters/explorer.html" + window.location.search, target: "_top",
        text: "Open the full explorer at this example" });
      root.appendChild(h("p", { "class": "ie-note" }, [full]));
      window.addEventListener("resize", resized);
      resized();
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
