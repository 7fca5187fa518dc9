/* The metric explorer's arithmetic: every metric of imbalance_lib's registry on a 2x2
 * matrix, CBA, IAM, macro F1, MCC and kappa on a k x k one, Wilson score intervals for
 * the proportions, the matrix at another prevalence and the binormal score model.
 * A classic script (no module): it works from file:// as from a server. It defines one
 * global, ImbalanceMetrics. The formulas, their order of operations and their undefined
 * cases (NaN here, zero_division=nan in the library) follow imbalance_lib; the browser
 * test tests/browser/test_explorer.py compares both on thousands of matrices.
 * Matrices are arrays of rows, true classes as rows: [[TN, FP], [FN, TP]].
 */
(function (root) {
  "use strict";

  // NormalDist().inv_cdf(0.975), the z of a 95 % interval (imbalance_lib.paired._z)
  var Z95 = 1.9599639845400536;
  var SPLIT = 134217729.0;

  function ratio(a, b) { return b === 0 ? NaN : a / b; }
  function harmonic(a, b) { var s = a + b; return s === 0 ? 0 : 2 * a * b / s; }
  function clip(v, lo, hi) { return v !== v ? v : Math.min(Math.max(v, lo), hi); }
  function undef(v, isUndefined) { return isUndefined ? NaN : v; }

  // a*b - c*d, exactly rounded where the two products nearly cancel (as the library)
  function twoProduct(a, b) {
    var p = a * b, ca = SPLIT * a, ah = ca - (ca - a), al = a - ah;
    var cb = SPLIT * b, bh = cb - (cb - b), bl = b - bh;
    return [p, ah * bh - p + ah * bl + al * bh + al * bl];
  }
  function productDifference(a, b, c, d) {
    var p = a * b, q = c * d, r = p - q;
    if (Math.abs(r) < 1e-5 * Math.max(Math.abs(p), Math.abs(q))) {
      var x = twoProduct(a, b), y = twoProduct(c, d);
      return x[0] - y[0] + (x[1] - y[1]);
    }
    return r;
  }
  function compensatedSum(v) {
    var s = v[0], comp = 0;
    for (var i = 1; i < v.length; i++) {
      var t = s + v[i];
      comp += Math.abs(s) >= Math.abs(v[i]) ? s - t + v[i] : v[i] - t + s;
      s = t;
    }
    return s + comp;
  }
  function sum(v) { var s = v[0]; for (var i = 1; i < v.length; i++) { s += v[i]; } return s; }

  // the mean over the classes whose term is defined (NaN when none is)
  function classMean(terms, undefinedFlags) {
    var total = 0, kept = 0, any = false, i;
    for (i = 0; i < terms.length; i++) { if (undefinedFlags[i]) { any = true; } }
    if (!any) { return sum(terms) / terms.length; }
    for (i = 0; i < terms.length; i++) {
      if (!undefinedFlags[i]) { total += terms[i]; kept += 1; }
    }
    return kept > 0 ? total / kept : NaN;
  }

  function margins(C) {
    var k = C.length, d = [], r = [], s = [], i, j;
    if (k === 2) {
      return { d: [C[0][0], C[1][1]], r: [C[0][0] + C[0][1], C[1][0] + C[1][1]],
        s: [C[0][0] + C[1][0], C[0][1] + C[1][1]], n: C[0][0] + C[0][1] + (C[1][0] + C[1][1]) };
    }
    for (i = 0; i < k; i++) {
      d.push(C[i][i]);
      r.push(sum(C[i]));
      var col = [];
      for (j = 0; j < k; j++) { col.push(C[j][i]); }
      s.push(sum(col));
    }
    return { d: d, r: r, s: s, n: sum(r) };
  }

  function othersSum(v) {
    var out = [], i, j;
    for (i = 0; i < v.length; i++) {
      var before = 0, after = 0;
      for (j = 0; j < i; j++) { before += v[j]; }
      for (j = v.length - 1; j > i; j--) { after += v[j]; }
      out.push(before + after);
    }
    return out;
  }

  // numerator and the three denominators of MCC and kappa
  function agreement(C) {
    if (C.length === 2) {
      var tn = C[0][0], fp = C[0][1], fn = C[1][0], tp = C[1][1];
      var r0 = tn + fp, r1 = fn + tp, s0 = tn + fn, s1 = fp + tp;
      return [2 * productDifference(tp, tn, fp, fn), 2 * (s0 * s1), 2 * (r0 * r1), r0 * s1 + r1 * s0];
    }
    // a_i and b_i, the off-diagonal parts of row and column i, summed from the cells
    // (r_i - c_ii would cancel where the diagonal dominates), as the library does
    var m = margins(C), k = C.length, a = [], b = [], i, j;
    for (i = 0; i < k; i++) {
      var ai = 0, bi = 0;
      for (j = 0; j < k; j++) { if (j !== i) { ai += C[i][j]; bi += C[j][i]; } }
      a.push(ai); b.push(bi);
    }
    var so = othersSum(m.s), ro = othersSum(m.r), terms = [], pp = [], tt = [], ex = [];
    for (i = 0; i < k; i++) {
      terms.push(productDifference(m.d[i], Math.max(ro[i] - b[i], 0), a[i], b[i]));
      pp.push(m.s[i] * so[i]); tt.push(m.r[i] * ro[i]); ex.push(m.r[i] * so[i]);
    }
    return [compensatedSum(terms), sum(pp), sum(tt), sum(ex)];
  }

  function mcc(C) {
    var g = agreement(C), den = g[1] === g[2] ? g[1] : Math.sqrt(g[1]) * Math.sqrt(g[2]);
    return undef(clip(ratio(g[0], den), -1, 1), den === 0);
  }
  function kappa(C) {
    var g = agreement(C);
    return undef(clip(ratio(g[0], g[3]), -1, 1), g[3] === 0);
  }
  function perClass(C, term) {
    var m = margins(C), terms = [], flags = [];
    for (var i = 0; i < m.d.length; i++) {
      var t = term(m.d[i], m.r[i], m.s[i]);
      terms.push(t[0]); flags.push(t[1]);
    }
    return classMean(terms, flags);
  }
  var MULTICLASS = {
    accuracy: function (C) { var m = margins(C); return ratio(sum(m.d), m.n); },
    mcc: mcc,
    kappa: kappa,
    macro_precision: function (C) { return perClass(C, function (d, r, s) { return [ratio(d, s), s === 0]; }); },
    macro_recall: function (C) { return perClass(C, function (d, r) { return [ratio(d, r), r === 0]; }); },
    macro_f1: function (C) {
      return perClass(C, function (d, r, s) { return [ratio(2 * d, r + s), r + s === 0]; });
    },
    cba: function (C) {
      return perClass(C, function (d, r, s) { var m = Math.max(r, s); return [ratio(d, m), m === 0]; });
    },
    iam: function (C) {
      return perClass(C, function (d, r, s) {
        var m = Math.max(r, s);
        return [ratio(d - Math.max(r - d, s - d), m), m === 0];
      });
    }
  };

  // the registry's entries, in its order, with its default parameters (alpha)
  var TITLES = [
    ["tpr", "True positive rate (recall)"], ["tnr", "True negative rate (specificity)"],
    ["precision", "Precision"], ["npv", "Negative predictive value"], ["f1", "F1 score (positive class)"],
    ["balanced_accuracy", "Balanced accuracy"], ["weighted_accuracy", "Weighted accuracy"],
    ["g_mean", "Geometric mean of recalls"], ["dominance", "Dominance"],
    ["iba", "Index of balanced accuracy"], ["optimized_precision", "Optimized precision"],
    ["hmnc", "HMNC"], ["ac", "AC-score"], ["accuracy", "Accuracy"],
    ["mcc", "Matthews correlation coefficient"], ["kappa", "Cohen's kappa"],
    ["macro_precision", "Macro precision (MAP)"], ["macro_recall", "Macro recall (MAR)"],
    ["macro_f1", "Macro F-score"], ["cba", "Class balance accuracy"],
    ["iam", "Imbalance accuracy metric"]
  ];
  var PARAMS = { weighted_accuracy: 0.3, iba: 0.1 };

  // every registry metric of a 2x2 matrix [[TN, FP], [FN, TP]]; alphas optional
  function binary(C, alphas) {
    alphas = alphas || PARAMS;
    var tn = C[0][0], fp = C[0][1], fn = C[1][0], tp = C[1][1];
    var p = tp + fn, n = tn + fp, t = ratio(tp, p), s = ratio(tn, n), rateless = p === 0 || n === 0;
    var wa = alphas.weighted_accuracy, ia = alphas.iba;
    var gm = t * s;
    var gmean = gm < 1e-300 && t > 0 && s > 0 ? Math.sqrt(s) * Math.sqrt(t) : Math.sqrt(s * t);
    var op = t + s === 0 ? -1 : ratio(tp + tn, tp + tn + fp + fn) - ratio(Math.abs(s - t), s + t);
    var out = {
      tpr: undef(t, p === 0),
      tnr: undef(s, n === 0),
      precision: undef(ratio(tp, tp + fp), tp + fp === 0),
      npv: undef(ratio(tn, tn + fn), tn + fn === 0),
      f1: undef(ratio(2 * tp, 2 * tp + fp + fn), 2 * tp + fp + fn === 0),
      balanced_accuracy: undef((t + s) / 2, rateless),
      weighted_accuracy: undef(wa * t + (1 - wa) * s, rateless),
      g_mean: undef(gmean, rateless),
      dominance: undef(t - s, rateless),
      iba: undef((1 + ia * (t - s)) * t * s, rateless),
      optimized_precision: undef(op, rateless),
      hmnc: undef(Math.min(ratio(harmonic(tp, tn) * (p + n), 2 * p * n), 1), rateless),
      ac: undef(harmonic(t, s), rateless)
    };
    for (var name in MULTICLASS) {
      if (Object.prototype.hasOwnProperty.call(MULTICLASS, name)) { out[name] = MULTICLASS[name](C); }
    }
    return out;
  }

  // CBA, IAM, macro F1, MCC and kappa (and the other class-level metrics) of a k x k matrix
  function multiclass(C) {
    var out = {};
    for (var name in MULTICLASS) {
      if (Object.prototype.hasOwnProperty.call(MULTICLASS, name)) { out[name] = MULTICLASS[name](C); }
    }
    return out;
  }

  // Wilson's score interval for x successes in n trials (imbalance_lib.wilson_interval)
  function wilson(x, n, z) {
    z = z === undefined ? Z95 : z;
    var z2 = z * z, centre = (x + z2 / 2) / (n + z2);
    var inner = x * (n - x) / n + z2 / 4;
    var half = z * Math.sqrt(Math.max(inner, 0)) / (n + z2);  // NaN stays NaN (n = 0)
    return [clip(centre - half, 0, 1), clip(centre + half, 0, 1)];
  }
  // the proportions of a 2x2 matrix that have a score interval: [successes, trials]
  var PROPORTIONS = {
    tpr: function (C) { return [C[1][1], C[1][1] + C[1][0]]; },
    tnr: function (C) { return [C[0][0], C[0][0] + C[0][1]]; },
    precision: function (C) { return [C[1][1], C[1][1] + C[0][1]]; },
    npv: function (C) { return [C[0][0], C[0][0] + C[1][0]]; },
    accuracy: function (C) { return [C[0][0] + C[1][1], C[0][0] + C[0][1] + (C[1][0] + C[1][1])]; }
  };
  function intervals(C, z) {
    var out = {};
    for (var name in PROPORTIONS) {
      if (Object.prototype.hasOwnProperty.call(PROPORTIONS, name)) {
        var xn = PROPORTIONS[name](C);
        out[name] = wilson(xn[0], xn[1], z);
      }
    }
    return out;
  }

  // the multinomial delta-method (Wald) interval of every binary metric
  // (imbalance_lib.delta_interval): the exact derivatives d f / d(TN, FP, FN, TP) at the
  // cell proportions, Var = sum(p * g^2) / n, value -/+ z SE clipped to the range;
  // [NaN, NaN] where the metric or its derivative is undefined. At a tie of max(FP, FN)
  // or at TPR = TNR (optimized precision) the derivative is the mean of the one-sided ones.
  var RANGES = { dominance: [-1, 1], optimized_precision: [-1, 1], mcc: [-1, 1], kappa: [-1, 1],
    iam: [-1, 1] };
  function dv(a, b) { return b === 0 ? NaN : a / b; }
  function lin(terms) {
    var out = [0, 0, 0, 0];
    for (var i = 0; i < 4; i++) {
      var acc = 0;
      for (var j = 0; j < terms.length; j++) { acc += terms[j][0] * terms[j][1][i]; }
      out[i] = acc;
    }
    return out;
  }
  function meanDefined(grads, defined) {
    var k = 0, out = [], i, j;
    for (j = 0; j < defined.length; j++) { if (defined[j]) { k += 1; } }
    for (i = 0; i < 4; i++) {
      var total = 0;
      for (j = 0; j < grads.length; j++) { total += defined[j] ? grads[j][i] : 0; }
      out.push(dv(total, k));
    }
    return out;
  }
  function ratioGrad(c, num, den) {
    var a = 0, b = 0, i, out = [];
    for (i = 0; i < num.length; i++) { a += c.cells[num[i]]; }
    for (i = 0; i < den.length; i++) { b += c.cells[den[i]]; }
    for (i = 0; i < 4; i++) {
      out.push(dv((b * (num.indexOf(i) >= 0 ? 1 : 0) - a) * (den.indexOf(i) >= 0 ? 1 : 0), b * b));
    }
    return out;
  }
  function boundedRatio(c, d, whichD, iam) {
    var m = Math.max(c.fp, c.fn), s2 = (d + m) * (d + m);
    var dd = iam ? dv(2 * m, s2) : dv(m, s2), dm = iam ? dv(-2 * d, s2) : dv(-d, s2);
    var wfp = c.fp > c.fn ? 1 : (c.fp === c.fn ? 0.5 : 0), wfn = c.fn > c.fp ? 1 : (c.fp === c.fn ? 0.5 : 0);
    var g = [0, dm * wfp, dm * wfn, 0];
    g[whichD] = dd;
    return g;
  }
  function sign(x) { return x > 0 ? 1 : (x < 0 ? -1 : (x === 0 ? 0 : NaN)); }
  function deltaGrad(name, c, alpha) {
    var t = c.t, s = c.s, P = c.P, N = c.N, tp = c.tp, tn = c.tn, fp = c.fp, fn = c.fn;
    var dt = [0, 0, dv(-tp, P * P), dv(fn, P * P)], ds = [dv(fp, N * N), dv(-tn, N * N), 0, 0];
    var acc = ratioGrad(c, [0, 3], [0, 1, 2, 3]), den, v, a, g, h, n, u, common;
    switch (name) {
      case "tpr": return dt;
      case "tnr": return ds;
      case "precision": return ratioGrad(c, [3], [1, 3]);
      case "npv": return ratioGrad(c, [0], [0, 2]);
      case "accuracy": return acc;
      case "f1":
        den = 2 * tp + fp + fn;
        return [0, dv(-2 * tp, den * den), dv(-2 * tp, den * den), dv(2 * (fp + fn), den * den)];
      case "balanced_accuracy": return lin([[0.5, dt], [0.5, ds]]);
      case "macro_recall": return meanDefined([dt, ds], [P > 0, N > 0]);
      case "weighted_accuracy": return lin([[alpha, dt], [1 - alpha, ds]]);
      case "dominance": return lin([[1, dt], [-1, ds]]);
      case "g_mean":
        g = Math.sqrt(t * s);
        return lin([[dv(s, 2 * g), dt], [dv(t, 2 * g), ds]]);
      case "iba":
        a = 1 + alpha * (t - s);
        return lin([[alpha * t * s + a * s, dt], [-alpha * t * s + a * t, ds]]);
      case "ac":
        v = (t + s) * (t + s);
        return lin([[dv(2 * s * s, v), dt], [dv(2 * t * t, v), ds]]);
      case "optimized_precision":
        u = s - t; v = s + t;
        return lin([[1, acc], [-dv(-sign(u) * v - Math.abs(u), v * v), dt],
          [-dv(sign(u) * v - Math.abs(u), v * v), ds]]);
      case "hmnc":
        n = P + N;
        h = dv(tp * tn * n, (tp + tn) * P * N);
        common = dv(h, n) - dv(h, tp + tn);
        return [common + dv(tp * n, (tp + tn) * P * N) - dv(h, N), dv(h, n) - dv(h, N),
          dv(h, n) - dv(h, P), common + dv(tn * n, (tp + tn) * P * N) - dv(h, P)];
      case "mcc": case "kappa":
        var num = tp * tn - fp * fn, dnum = [tp, -fn, -fp, tn], out = [], i;
        if (name === "mcc") {
          var root = Math.sqrt(P * N * c.S1 * c.S0), m = dv(num, root);
          var dlog = [1 / N + 1 / c.S0, 1 / N + 1 / c.S1, 1 / P + 1 / c.S0, 1 / P + 1 / c.S1];
          for (i = 0; i < 4; i++) { out.push(dv(dnum[i], root) - m / 2 * dlog[i]); }
          return out;
        }
        den = N * c.S1 + P * c.S0;
        var k = dv(2 * num, den), dden = [c.S1 + P, c.S1 + N, c.S0 + P, N + c.S0];
        for (i = 0; i < 4; i++) { out.push(dv(2 * dnum[i] - k * dden[i], den)); }
        return out;
      case "macro_precision":
        return meanDefined([ratioGrad(c, [3], [1, 3]), ratioGrad(c, [0], [0, 2])], [c.S1 > 0, c.S0 > 0]);
      case "macro_f1":
        var d1 = P + c.S1, d0 = N + c.S0;
        return meanDefined([[0, dv(-2 * tp, d1 * d1), dv(-2 * tp, d1 * d1), dv(2 * (fp + fn), d1 * d1)],
          [dv(2 * (fp + fn), d0 * d0), dv(-2 * tn, d0 * d0), dv(-2 * tn, d0 * d0), 0]], [d1 > 0, d0 > 0]);
      case "cba": case "iam":
        return meanDefined([boundedRatio(c, tp, 3, name === "iam"), boundedRatio(c, tn, 0, name === "iam")],
          [Math.max(P, c.S1) > 0, Math.max(N, c.S0) > 0]);
    }
    throw new Error("no delta interval for " + name);
  }
  function deltaIntervals(C, z, alphas) {
    z = z === undefined ? Z95 : z;
    alphas = alphas || PARAMS;
    var values = binary(C, alphas), out = {};
    var total = C[0][0] + C[0][1] + (C[1][0] + C[1][1]);
    var q = total === 0 ? 1 : total;
    var c = { tn: C[0][0] / q, fp: C[0][1] / q, fn: C[1][0] / q, tp: C[1][1] / q };
    c.cells = [c.tn, c.fp, c.fn, c.tp];
    c.P = c.tp + c.fn; c.N = c.tn + c.fp; c.S1 = c.tp + c.fp; c.S0 = c.tn + c.fn;
    c.t = dv(c.tp, c.P); c.s = dv(c.tn, c.N);
    for (var j = 0; j < TITLES.length; j++) {
      var name = TITLES[j][0], g = deltaGrad(name, c, alphas[name] === undefined ? 0 : alphas[name]);
      var variance = 0;
      for (var i = 0; i < 4; i++) { variance += c.cells[i] * g[i] * g[i]; }
      var half = z * Math.sqrt(variance / q), value = values[name], range = RANGES[name] || [0, 1];
      var bad = total === 0 || !isFinite(value) || !isFinite(half);
      out[name] = bad ? [NaN, NaN] : [clip(value - half, range[0], range[1]), clip(value + half, range[0], range[1])];
    }
    return out;
  }

  // the 2x2 matrix expected at prevalence pi, each class's rates held (pure prior shift);
  // null when a class has no sample (its rates are unknown)
  function atPrevalence(C, pi) {
    var n0 = C[0][0] + C[0][1], n1 = C[1][0] + C[1][1];
    if (n0 === 0 || n1 === 0) { return null; }
    var total = n0 + n1, f0 = (1 - pi) * (total / n0), f1 = pi * (total / n1);
    return [[C[0][0] * f0, C[0][1] * f0], [C[1][0] * f1, C[1][1] * f1]];
  }

  // the standard normal distribution function by Marsaglia's (2004) Taylor series,
  // to double precision on [-8, 8] (0 and 1 outside: the counts round to them)
  function normalCdf(x) {
    if (x < -8) { return 0; }
    if (x > 8) { return 1; }
    // Marsaglia (2004): Phi(x) = 1/2 + phi(x) (x + x^3/3 + x^5/(3*5) + ...)
    var s = x, t = x, x2 = x * x, i = 1;
    for (; i < 200; i += 2) {
      t = t * x2 / (i + 2);
      var next = s + t;
      if (next === s) { break; }
      s = next;
    }
    return 0.5 + s * Math.exp(-0.5 * x2 - 0.91893853320467274178);
  }

  // the binormal model: negatives N(0, 1), positives N(d, 1), "positive" above t;
  // the expected matrix of P positives and N negatives, rounded to whole counts
  function binormalMatrix(P, N, t, d) {
    var tp = Math.round(P * (1 - normalCdf(t - d))), fp = Math.round(N * (1 - normalCdf(t)));
    return [[N - fp, fp], [P - tp, tp]];
  }
  function binormalRates(t, d) { return { tpr: 1 - normalCdf(t - d), fpr: 1 - normalCdf(t) }; }

  // the matrix of stored scores at threshold t: "positive" at a score of t or more
  function scoreMatrix(labels, scores, t) {
    var tn = 0, fp = 0, fn = 0, tp = 0;
    for (var i = 0; i < scores.length; i++) {
      var hit = scores[i] >= t;
      if (labels[i] === 1) { if (hit) { tp++; } else { fn++; } } else if (hit) { fp++; } else { tn++; }
    }
    return [[tn, fp], [fn, tp]];
  }
  // the empirical ROC and precision-recall points of scores sorted from high to low,
  // one point after each distinct score
  function scoreCurves(labels, scores) {
    var P = 0, N = 0, i, tp = 0, fp = 0, roc = [[0, 0]], pr = [];
    for (i = 0; i < labels.length; i++) { if (labels[i] === 1) { P++; } else { N++; } }
    for (i = 0; i < scores.length; i++) {
      if (labels[i] === 1) { tp++; } else { fp++; }
      if (i === scores.length - 1 || scores[i + 1] !== scores[i]) {
        roc.push([fp / N, tp / P]);
        pr.push([tp / P, tp / (tp + fp)]);
      }
    }
    return { roc: roc, pr: pr, P: P, N: N };
  }

  root.ImbalanceMetrics = {
    TITLES: TITLES, PARAMS: PARAMS, RANGES: RANGES, Z95: Z95, binary: binary, multiclass: multiclass,
    wilson: wilson, intervals: intervals, deltaIntervals: deltaIntervals, INTERVAL_METRICS: Object.keys(PROPORTIONS),
    atPrevalence: atPrevalence, normalCdf: normalCdf, binormalMatrix: binormalMatrix,
    binormalRates: binormalRates, scoreMatrix: scoreMatrix, scoreCurves: scoreCurves
  };
})(this);
