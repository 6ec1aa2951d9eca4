// Starts the app once the prerendered page is on screen (see deferAppStart in finish-build.ts).
// A classic deferred script: the page names the app's module and its dependencies in data-*.
(function () {
  var script = document.currentScript;
  function start() {
    (script.dataset.preload || "").split(" ").forEach(function (href) {
      if (!href) return;
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    });
    import(script.dataset.module);
  }
  // A frame, then a task: the first paint happens in between. A hidden tab paints nothing.
  if (document.visibilityState === "hidden") start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
