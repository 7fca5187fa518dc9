/* The metric explorer's geometry: a metric over the square of the two rates, its
 * equal-value lines, and matrices re-weighted to other class sizes. Pure functions, a
 * classic script (file:// works), exposed as window.ImbalanceSurfaces; the metrics
 * themselves come from metrics.js (ImbalanceMetrics).
 */
(function (root) {
  "use strict";

  // the 2x2 matrix of P positives and N negatives at rates TNR = s, TPR = t
  // (real counts: the surface is drawn at the current class sizes)
  function rateMatrix(s, t, P, N) {
    return [[N * s, N - N * s], [P - P * t, P * t]];
  }

  // the values of f(s, t) on the (k + 1) x (k + 1) nodes s = j / k, t = i / k: values[i][j]
  function grid(f, k) {
    var values = [], i, j;
    for (i = 0; i <= k; i++) {
      var row = [];
      for (j = 0; j <= k; j++) { row.push(f(j / k, i / k)); }
      values.push(row);
    }
    return values;
  }

  // where the level crosses the edge from node value a to node value b (as a fraction):
  // linear between the nodes, or, given f along the edge (f(0) = a, f(1) = b), found by
  // bisection to 2^-30 of the edge, as long as f is defined along it
  function cross(a, b, level, f, above) {
    var lo = 0, hi = 1, k;
    if (!f) { return a === b ? 0.5 : (level - a) / (b - a); }
    var aboveAtLo = above(a, level);
    for (k = 0; k < 30; k++) {
      var mid = (lo + hi) / 2, v = f(mid);
      if (v !== v) { return a === b ? 0.5 : (level - a) / (b - a); }
      if (above(v, level) === aboveAtLo) { lo = mid; } else { hi = mid; }
    }
    return (lo + hi) / 2;
  }

  // the equal-value line of a grid at a level, by marching squares: a list of segments
  // [[s1, t1], [s2, t2]] in the unit square; cells with an undefined corner are skipped.
  // A corner counts as "above" at a value of at least the level (above it, where the
  // level is the grid's lowest value); in a saddle cell the value at its centre (given f)
  // or the mean of the four corners decides which corners the lines separate. Given the
  // function f(s, t) of the grid, each crossing is refined on its edge by bisection
  // (exact to 2^-30 of a cell where f is monotone along the edge); without it, linear.
  function contour(values, level, f) {
    var k = values.length - 1, out = [], i, j, lowest = Infinity;
    values.forEach(function (row) { row.forEach(function (x) { if (x < lowest) { lowest = x; } }); });
    // at the bottom of the values, "above" is strict: the line then runs along the nodes
    // that have the level (an edge of the square where the metric is 0, for instance)
    var above = level <= lowest ? function (x, l) { return x > l; } : function (x, l) { return x >= l; };
    var along = function (s1, t1, s2, t2) {
      return f ? function (x) { return f(s1 + x * (s2 - s1), t1 + x * (t2 - t1)); } : null;
    };
    for (i = 0; i < k; i++) {
      for (j = 0; j < k; j++) {
        var v = [values[i][j], values[i][j + 1], values[i + 1][j + 1], values[i + 1][j]];
        if (v.some(function (x) { return x !== x; })) { continue; }
        var code = (above(v[0], level) ? 1 : 0) | (above(v[1], level) ? 2 : 0) |
          (above(v[2], level) ? 4 : 0) | (above(v[3], level) ? 8 : 0);
        if (code === 0 || code === 15) { continue; }
        // the crossing on each edge: 0 bottom (v0-v1), 1 right (v1-v2), 2 top (v3-v2), 3 left (v0-v3)
        var s0 = j / k, t0 = i / k, h = 1 / k, s1 = (j + 1) / k, t1 = (i + 1) / k;
        var edge = [
          function () { return [s0 + h * cross(v[0], v[1], level, along(s0, t0, s1, t0), above), t0]; },
          function () { return [s1, t0 + h * cross(v[1], v[2], level, along(s1, t0, s1, t1), above)]; },
          function () { return [s0 + h * cross(v[3], v[2], level, along(s0, t1, s1, t1), above), t1]; },
          function () { return [s0, t0 + h * cross(v[0], v[3], level, along(s0, t0, s0, t1), above)]; }
        ];
        // a saddle: the function at the cell's centre if given (a ridge, as optimized
        // precision's on the diagonal, is missed by the corners' mean), else that mean
        var centreAbove = (code === 5 || code === 10) &&
          above(f ? f(s0 + h / 2, t0 + h / 2) : (v[0] + v[1] + v[2] + v[3]) / 4, level);
        var pairs = {
          1: [[3, 0]], 2: [[0, 1]], 3: [[3, 1]], 4: [[1, 2]], 6: [[0, 2]], 7: [[3, 2]],
          8: [[2, 3]], 9: [[0, 2]], 11: [[1, 2]], 12: [[1, 3]], 13: [[0, 1]], 14: [[3, 0]],
          5: centreAbove ? [[3, 2], [0, 1]] : [[3, 0], [1, 2]],
          10: centreAbove ? [[3, 0], [1, 2]] : [[0, 1], [2, 3]]
        }[code];
        pairs.forEach(function (p) { out.push([edge[p[0]](), edge[p[1]]()]); });
      }
    }
    return out;
  }

  // the segments of a contour joined into lines (lists of points): neighbouring cells
  // compute their shared crossing identically, so ends meet exactly. A dashed line needs
  // this (a dash pattern restarts with every separate piece).
  function chains(segs) {
    var at = {}, used = [], out = [], i;
    var key = function (p) { return p[0] + "," + p[1]; };
    segs.forEach(function (g, n) {
      [0, 1].forEach(function (e) { (at[key(g[e])] = at[key(g[e])] || []).push(n); });
    });
    function extend(line, end) {
      for (;;) {
        var next = (at[key(end)] || []).filter(function (n) { return !used[n]; })[0];
        if (next === undefined) { return; }
        used[next] = true;
        var g = segs[next];
        end = key(g[0]) === key(end) ? g[1] : g[0];
        line.push(end);
      }
    }
    for (i = 0; i < segs.length; i++) {
      if (used[i]) { continue; }
      used[i] = true;
      var forward = [segs[i][0], segs[i][1]], backward = [segs[i][0]];
      extend(forward, segs[i][1]);
      extend(backward, segs[i][0]);
      out.push(backward.slice(1).reverse().concat(forward));
    }
    return out;
  }

  // a colour for a value in [lo, hi]: the viridis scale, linear between nine stops
  var VIRIDIS = [[68, 1, 84], [71, 44, 122], [59, 81, 139], [44, 113, 142], [33, 144, 141],
    [39, 173, 129], [92, 200, 99], [170, 220, 50], [253, 231, 37]];
  function colour(value, lo, hi) {
    if (value !== value) { return "none"; }
    var x = Math.min(Math.max((value - lo) / (hi - lo), 0), 1) * (VIRIDIS.length - 1);
    var i = Math.min(Math.floor(x), VIRIDIS.length - 2), f = x - i, a = VIRIDIS[i], b = VIRIDIS[i + 1];
    return "rgb(" + [0, 1, 2].map(function (c) { return Math.round(a[c] + f * (b[c] - a[c])); }).join(",") + ")";
  }

  // a k x k matrix with class c holding the share `share` of all samples, the other
  // classes sharing the rest in their current proportions, and every row keeping its
  // proportions (each class's recall and confusions held): a pure change of class sizes.
  // null when a class has no sample (its row's proportions are unknown) or the share is
  // outside (0, 1).
  function classShare(C, c, share) {
    var k = C.length, rows = C.map(function (r) { return r.reduce(function (a, b) { return a + b; }, 0); });
    var n = rows.reduce(function (a, b) { return a + b; }, 0), rest = n - rows[c];
    if (rows.some(function (r) { return r === 0; }) || !(share > 0 && share < 1) || k < 2) { return null; }
    return C.map(function (row, i) {
      var total = i === c ? share * n : (1 - share) * n * (rows[i] / rest);
      return row.map(function (x) { return x * (total / rows[i]); });
    });
  }

  root.ImbalanceSurfaces = { rateMatrix: rateMatrix, grid: grid, contour: contour, chains: chains, colour: colour,
    classShare: classShare };
})(this);
