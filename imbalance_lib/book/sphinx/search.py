"""Sphinx extension: search results whose snippets read as text, not as LaTeX.

Sphinx's search page builds each result's snippet from the text of the fetched page
(``Search.htmlToText`` in ``searchtools.js``), where a formula is still its source,
"\\(P = N\\)". On the search page only, this wraps that function: before the text is
taken, every formula (``.math``) is replaced by a readable form of its source, without
the ``\\(``/``\\)`` and ``\\[``/``\\]`` delimiters, with ``\\frac{a}{b}`` as ``a/b``,
``\\mathrm{TPR}`` as ``TPR``, ``\\alpha`` as ``α``, ``\\le`` as ``≤``, and the remaining
braces and spacing commands dropped. The page itself is not changed.

Loaded from ``_config.yml`` (``sphinx.extra_extensions``); the library never imports it.
"""

from __future__ import annotations

from typing import Any

from sphinx.builders.html._assets import _JavaScript

SCRIPT = r"""
(() => {
  const SYMBOLS = {
    alpha: "α", beta: "β", gamma: "γ", delta: "δ", epsilon: "ε", varepsilon: "ε",
    zeta: "ζ", eta: "η", theta: "θ", kappa: "κ", lambda: "λ", mu: "μ", nu: "ν", xi: "ξ",
    pi: "π", rho: "ρ", sigma: "σ", tau: "τ", phi: "φ", varphi: "φ", chi: "χ", psi: "ψ",
    omega: "ω", Gamma: "Γ", Delta: "Δ", Theta: "Θ", Lambda: "Λ", Sigma: "Σ", Pi: "Π",
    Phi: "Φ", Psi: "Ψ", Omega: "Ω", le: "≤", leq: "≤", ge: "≥", geq: "≥", ne: "≠",
    neq: "≠", approx: "≈", sim: "∼", equiv: "≡", cdot: "·", times: "×", pm: "±",
    infty: "∞", in: "∈", notin: "∉", subset: "⊂", subseteq: "⊆", cup: "∪", cap: "∩",
    to: "→", rightarrow: "→", leftarrow: "←", Rightarrow: "⇒", iff: "⇔", mapsto: "↦",
    sum: "Σ", prod: "Π", int: "∫", partial: "∂", sqrt: "√", ldots: "…", dots: "…",
    cdots: "⋯", mid: "|", vert: "|", lvert: "|", rvert: "|", Vert: "‖", langle: "⟨",
    rangle: "⟩", lfloor: "⌊", rfloor: "⌋", lceil: "⌈", rceil: "⌉", forall: "∀",
    exists: "∃", emptyset: "∅", neg: "¬", land: "∧", lor: "∨", ell: "ℓ", quad: " ",
    qquad: " ", prime: "′"
  };
  const WRAPPERS = new RegExp(
    "\\\\(?:mathrm|mathit|mathbf|mathsf|mathtt|mathcal|mathbb|mathscr|text|textrm|textit"
    + "|textbf|operatorname|boldsymbol|hat|widehat|bar|overline|underline|tilde|widetilde"
    + "|vec|dot|ddot)\\s*\\{([^{}]*)\\}", "g");
  const FRAC = /\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g;
  const FRAC_DIGITS = /\\[dt]?frac\s*(\d)\s*(\d)/g;
  const SQRT = /\\sqrt\s*\{([^{}]*)\}/g;
  const part = (s) => (/^[\w.′αβγδεθκλμνπρστφχψω|]+$/u.test(s.trim()) ? s.trim() : `(${s.trim()})`);
  const readable = (tex) => {
    let s = tex
      .replace(/\\[()[\]]/g, " ").replace(/\$\$/g, " ")
      .replace(/\\(?:begin|end)\s*\{[^{}]*\}(?:\{[^{}]*\})?/g, " ")
      .replace(/\\(?:label|tag)\s*\{[^{}]*\}/g, "");
    for (let i = 0; i < 6; i++) {
      s = s.replace(WRAPPERS, "$1").replace(SQRT, (m, a) => `√${part(a)}`)
        .replace(FRAC, (m, a, b) => `${part(a)}/${part(b)}`).replace(FRAC_DIGITS, "$1/$2");
    }
    return s
      .replace(/\\(?:left|right|bigl|bigr|Bigl|Bigr|big|Big|bigg|Bigg)\b\s*\\?/g, "")
      .replace(/\\\\/g, "; ")
      .replace(/\\[,;:!> ]/g, " ")
      .replace(/\\([A-Za-z]+)/g, (m, name) => SYMBOLS[name] ?? name)
      .replace(/\\([{}%&$#_|])/g, "$1")
      .replace(/[{}]/g, "").replace(/&/g, " ").replace(/\s+/g, " ").trim();
  };
  const patch = () => {
    if (typeof Search === "undefined" || Search.bookReadableMath) return;
    const toText = Search.htmlToText;
    Search.htmlToText = (htmlString, anchor) => {
      const doc = new DOMParser().parseFromString(htmlString, "text/html");
      doc.querySelectorAll(".headerlink").forEach((el) => el.remove());
      doc.querySelectorAll(".math").forEach((el) => {
        const eqno = el.querySelector(".eqno");
        const number = eqno ? ` ${eqno.textContent.trim()}` : "";
        if (eqno) eqno.remove();
        const text = readable(el.textContent) + number;
        el.textContent = el.tagName === "DIV" ? ` ${text} ` : text;
      });
      return toText(doc.documentElement.outerHTML, anchor);
    };
    Search.bookReadableMath = readable;
  };
  if (typeof Search !== "undefined") patch();
  else document.addEventListener("DOMContentLoaded", patch);
})();
"""


def _search_page(app: Any, pagename: str, templatename: str, context: dict,
                 doctree: Any) -> None:
    if pagename == "search" and "script_files" in context:
        context["script_files"] = [*context["script_files"], _JavaScript("", body=SCRIPT)]


def setup(app: Any) -> dict:
    app.connect("html-page-context", _search_page)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
