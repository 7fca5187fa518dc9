/* The metric explorer page: inputs, tables and the two curves, drawn by hand in SVG.
 * A classic script (file:// works); the arithmetic is in metrics.js (ImbalanceMetrics).
 * It fills the element with id "imbalance-explorer" and does nothing on other pages.
 */
(function () {
  "use strict";
  var M = window.ImbalanceMetrics;
  var SVGNS = "http://www.w3.org/2000/svg";
  var state = { C: null, n: 1000, pi: 0.1, d: 1.5, t: 1.3, cost: 5, deploy: 0.01,
    C3: [[50, 3, 2], [5, 20, 5], [1, 4, 10]] };
  var el = {};

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
        if (input.value === "" || !isFinite(v) || v < 0 || v !== Math.floor(v)) { return; }
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
    el.cells.forEach(function (input, i) { input.value = String(state.C[i >> 1][i & 1]); });
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
            if (input.value === "" || !isFinite(v) || v < 0 || v !== Math.floor(v)) { return; }
            state.C3[a][b] = v;
            update3();
          });
          inputs.push(input);
          cells.push(h("td", {}, [input]));
        })(i, j);
      }
      rows.push(h("tr", {}, cells));
    }
    el.out3 = h("dl", { "class": "ie-out3", "aria-live": "polite" });
    return h("div", {}, [h("div", { "class": "ie-scroll pst-scrollable-table-container" }, [h("table", { "class": "ie-matrix ie-matrix3" }, [
      h("caption", { text: "Three classes (rows: true class; columns: predicted class)" }),
      h("thead", {}, [h("tr", {}, [h("td"), h("th", { scope: "col", text: "pred. 1" }),
        h("th", { scope: "col", text: "pred. 2" }), h("th", { scope: "col", text: "pred. 3" })])]),
      h("tbody", {}, rows)])]), el.out3]);
  }

  function update3() {
    var r = M.multiclass(state.C3), names = [["cba", "CBA"], ["iam", "IAM"], ["macro_f1", "Macro F1"],
      ["mcc", "MCC"], ["kappa", "Kappa"]];
    el.out3.textContent = "";
    names.forEach(function (nm) {
      el.out3.appendChild(h("dt", { text: nm[1] }));
      el.out3.appendChild(h("dd", { text: fmt(r[nm[0]]) }));
    });
  }

  // one square plot, 0..1 on both axes, in a 240 x 240 box with margins for the labels
  var SIZE = 240, PAD = 36, W = SIZE - PAD - 8;
  function px(x) { return PAD + x * W; }
  function py(y) { return 8 + (1 - y) * W; }
  function plot(title, xLabel, yLabel) {
    var svg = s("svg", { viewBox: "0 0 " + SIZE + " " + SIZE, role: "img", "class": "ie-plot" });
    var t = s("title", {});
    t.textContent = title;
    svg.appendChild(t);
    svg.appendChild(s("rect", { x: px(0), y: py(1), width: W, height: W, "class": "ie-frame" }));
    [0, 0.5, 1].forEach(function (v) {
      var a = s("text", { x: px(v), y: py(0) + 14, "text-anchor": "middle" });
      a.textContent = String(v);
      var b = s("text", { x: px(0) - 4, y: py(v) + 4, "text-anchor": "end" });
      b.textContent = String(v);
      svg.appendChild(a); svg.appendChild(b);
    });
    var xl = s("text", { x: px(0.5), y: SIZE - 2, "text-anchor": "middle" });
    xl.textContent = xLabel;
    var yl = s("text", { x: 10, y: py(0.5), transform: "rotate(-90 10 " + py(0.5) + ")",
      "text-anchor": "middle" });
    yl.textContent = yLabel;
    svg.appendChild(xl); svg.appendChild(yl);
    var layer = s("g", {});
    svg.appendChild(layer);
    return { svg: svg, layer: layer };
  }
  function polyline(layer, pts, cls) {
    layer.appendChild(s("polyline", { points: pts.map(function (p) {
      return px(p[0]).toFixed(1) + "," + py(p[1]).toFixed(1); }).join(" "), "class": cls }));
  }
  function dot(layer, x, y) {
    if (x === x && y === y) { layer.appendChild(s("circle", { cx: px(x), cy: py(y), r: 5, "class": "ie-point" })); }
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
    polyline(el.roc.layer, [[0, 0], [1, 1]], "ie-noskill");
    polyline(el.roc.layer, data ? el.dataCurves.roc : roc, "ie-curve");
    var fpr = 1 - r.tnr, tpr = r.tpr;
    // iso-cost line: slope (N/P)(c_FP/c_FN) through the current point, clipped to the square
    var slope = (1 - pi) / (pi * state.cost);
    if (fpr === fpr && tpr === tpr && isFinite(slope)) {
      var x0 = Math.max(0, fpr - tpr / slope), x1 = Math.min(1, fpr + (1 - tpr) / slope);
      polyline(el.roc.layer, [[x0, tpr + slope * (x0 - fpr)], [x1, tpr + slope * (x1 - fpr)]], "ie-cost");
    }
    dot(el.roc.layer, fpr, tpr);
    polyline(el.pr.layer, [[0, noskill], [1, noskill]], "ie-noskill");
    polyline(el.pr.layer, data ? el.dataCurves.pr : pr, "ie-curve");
    dot(el.pr.layer, r.tpr, r.precision);
    var what = data ? "the stored scores of " + DATA.name : "the binormal model with separation " + state.d;
    el.roc.svg.setAttribute("aria-label", "ROC curve of " + what +
      "; current point FPR " + fmt(fpr, 3) + ", TPR " + fmt(tpr, 3) +
      "; dashed diagonal: no skill; red line: equal expected cost at the cost ratio " + state.cost);
    el.pr.svg.setAttribute("aria-label", "Precision-recall curve of " + (data ? what + ", prevalence " :
      "the binormal model at prevalence ") + fmt(noskill, 3) + "; current point recall " + fmt(r.tpr, 3) + ", precision " + fmt(r.precision, 3) +
      "; dashed line: no skill, precision equal to the prevalence");
  }

  function update() {
    var C = state.C, r = M.binary(C), ci = M.deltaIntervals(C), P = C[1][0] + C[1][1];
    var wilson = M.intervals(C);
    Object.keys(wilson).forEach(function (name) { ci[name] = wilson[name]; });
    var n = P + C[0][0] + C[0][1], pi = P / n;
    var shifted = M.atPrevalence(C, state.deploy), rd = shifted ? M.binary(shifted) : null;
    el.deployHead.textContent = "at prevalence " + state.deploy;
    M.TITLES.forEach(function (nt) {
      var cells = el.rows[nt[0]], iv = ci[nt[0]];
      cells[0].textContent = fmt(r[nt[0]]);
      cells[1].textContent = iv ? (iv[0] !== iv[0] ? "undefined" : fmt(iv[0], 3) + " to " + fmt(iv[1], 3)) : "";
      cells[2].textContent = rd ? fmt(rd[nt[0]]) : "undefined";
    });
    el.summary.textContent = "n = " + n + ", prevalence " + fmt(pi, 3) + ": TPR " + fmt(r.tpr, 3) +
      ", TNR " + fmt(r.tnr, 3) + ", precision " + fmt(r.precision, 3) + ", balanced accuracy " +
      fmt(r.balanced_accuracy, 3) + ", MCC " + fmt(r.mcc, 3) + ".";
    drawCurves(r, pi);
  }

  function build(root) {
    var P = Math.round(state.n * state.pi);
    state.C = M.binormalMatrix(P, state.n - P, state.t, state.d);
    state.source = "binormal";
    el.summary = h("p", { "class": "ie-summary", "aria-live": "polite", id: "ie-summary" });
    el.roc = plot("ROC curve", "false positive rate", "true positive rate");
    el.pr = plot("Precision-recall curve", "recall", "precision");
    var model = h("fieldset", {}, [h("legend", { text: "Binormal scores (sets the matrix)" }),
      h("div", { "class": "ie-row" }, numberInput("ie-n", "Sample size", state.n, function (v) {
        state.n = Math.floor(v); fromModel(); }, { min: "1" })),
      slider("ie-pi", "Prevalence", 0.005, 0.995, 0.005, state.pi, function (v) { state.pi = v; fromModel(); }),
      slider("ie-d", "Separation d", 0, 4, 0.05, state.d, function (v) { state.d = v; fromModel(); }),
      slider("ie-t", "Threshold", -3, 7, 0.05, state.t, function (v) { state.t = v; fromModel(); })]);
    var deploy = h("fieldset", {}, [h("legend", { text: "Costs and deployment" }),
      h("div", { "class": "ie-row" }, numberInput("ie-cost", "Cost of a false negative / cost of a false positive",
        state.cost, function (v) { if (v > 0) { state.cost = v; update(); } }, { min: "0.01", step: "any" })),
      h("div", { "class": "ie-row" }, numberInput("ie-deploy", "Deployment prevalence", state.deploy,
        function (v) { if (v > 0 && v < 1) { state.deploy = v; update(); } },
        { min: "0.001", max: "0.999", step: "0.001" }))]);
    root.textContent = "";
    [h("div", { "class": "ie-controls" }, [matrixInputs(), model, dataFieldset(), deploy].filter(Boolean)), el.summary,
      h("div", { "class": "ie-plots" }, [el.roc.svg, el.pr.svg]), metricTable(),
      h("h3", { text: "Three classes" }), panel3()].forEach(function (c) { root.appendChild(c); });
    update();
    update3();
    root.setAttribute("data-ready", "true");
  }

  // presets and URL parameters: explorer.html?preset=iba, ?tn=..&fp=..&fn=..&tp=.., or
  // ?n=..&pi=..&d=..&t=.. for the binormal model (the chapters link to their preset)
  var PRESETS = {
    balanced_accuracy: { C: [[990, 0], [10, 0]] },  // always "negative": accuracy 0.99
    iba: { C: [[60, 40], [10, 90]] },  // TPR 0.9, TNR 0.6: swap the rows' rates to compare
    hmnc: { C: [[80, 20], [5, 15]] },
    iam: { C: [[90, 10], [8, 2]] },  // a weak minority class: IAM far below accuracy
    ac_score: { model: { n: 1000, pi: 0.05, d: 2, t: 1 } }
  };
  function applyParameters(search) {
    var q = new URLSearchParams(search || ""), preset = PRESETS[q.get("preset")] || {};
    var cells = ["tn", "fp", "fn", "tp"].map(function (k) { return Number(q.get(k)); });
    var typed = ["tn", "fp", "fn", "tp"].every(function (k, i) {
      return q.has(k) && isFinite(cells[i]) && cells[i] >= 0 && Math.floor(cells[i]) === cells[i]; });
    var model = preset.model || {}, changed = false;
    ["n", "pi", "d", "t"].forEach(function (k) {
      var v = q.has(k) ? Number(q.get(k)) : model[k];
      if (v !== undefined && isFinite(v)) { state[k] = v; changed = true; }
    });
    state.n = Math.max(1, Math.floor(state.n));
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
    if (root && M) { build(root); applyParameters(window.location.search); }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
