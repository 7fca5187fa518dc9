/* On a chapter page that shows the explorer in a frame (embed.html): give the frame the
 * height its content reports, so that it needs no scrollbar of its own. */
(function () {
  "use strict";
  window.addEventListener("message", function (event) {
    var height = event.data && event.data.imbalanceExplorerHeight;
    if (typeof height !== "number" || !(height > 0)) { return; }
    document.querySelectorAll("iframe.ie-embed").forEach(function (frame) {
      if (frame.contentWindow === event.source) { frame.style.height = Math.ceil(height + 2) + "px"; }
    });
  });
})();
