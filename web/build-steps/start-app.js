// Starts the app once the prerendered page is on screen (see deferAppStart in finish-build.ts).
// A classic deferred script: the page names the app's module and its dependencies in data-*.
//
// Every step runs in a task of its own, so that none of them holds the main thread long on a
// slow phone (a task over 50 ms is "blocking"): each preload request costs a few ms of main
// thread, and evaluating all the app's modules at once was one ~30 ms task (4x that on a phone).
(function () {
  var data = document.currentScript.dataset;
  var preloads = words(data.preload);
  // The app's chunks one by one, in the order React Router lists them; the page's module
  // last: it defines the route modules and imports the entry, which hydrates.
  var modules = words(data.evaluate).concat(data.module);

  function words(value) {
    return (value || "").split(" ").filter(Boolean);
  }
  // A page with nothing of its own to paint (the empty app shell) has no first paint for the
  // steps to keep clear: they run back to back, without a task hop each
  // (docs/decisions/0096-empty-shell-starts-in-one-go.md).
  var empty = !hasContent();
  // A new task soon: a message, which unlike a nested setTimeout is not held back 4 ms.
  function later(step) {
    if (empty) return step();
    var channel = new MessageChannel();
    channel.port1.onmessage = function () {
      step();
    };
    channel.port2.postMessage(null);
  }
  function preload(index) {
    if (index === preloads.length) return evaluate(0);
    var link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = preloads[index];
    document.head.appendChild(link);
    later(function () {
      preload(index + 1);
    });
  }
  function evaluate(index) {
    var loaded = import(modules[index]);
    if (index + 1 < modules.length)
      loaded.then(function () {
        later(function () {
          evaluate(index + 1);
        });
      });
  }

  // The app reads sessionStorage (React Router's view transitions) and localStorage (the
  // language) synchronously inside its first render; the first access to each opens the
  // storage area, a wait of several ms. Opened here, each in a task of its own.
  function openStorage(name, next) {
    return function () {
      try {
        void window[name].length;
      } catch {
        // Storage may be disabled; the app copes.
      }
      later(next);
    };
  }

  var started = false;
  function start() {
    if (started) return;
    started = true;
    openStorage(
      "sessionStorage",
      openStorage("localStorage", function () {
        preload(0);
      }),
    )();
  }
  // Whether the page has anything to paint before the app renders: a prerendered page does;
  // the empty app shell (admin, client-rendered paths) never has a first contentful paint,
  // and would wait for the fallback timer below. Stops at the first visible text or image,
  // which on a prerendered page is near the top (docs/decisions/0021-app-shell-starts-at-once.md).
  function hasContent() {
    if (document.body.querySelector("img, svg, canvas, video")) return true;
    var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (/\S/.test(node.data) && !/^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE)$/.test(node.parentNode.nodeName)) return true;
    }
    return false;
  }

  // After the first contentful paint: the page's own text and layout come first, and no
  // script request competes with them. A hidden tab paints nothing, and a page with nothing
  // of its own to paint has nothing to wait for: start at once.
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState === "hidden" || !paints || paints.indexOf("paint") < 0 || empty) return start();
  new PerformanceObserver(function (entries, observer) {
    if (!entries.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    later(start);
  }).observe({ type: "paint", buffered: true });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") start();
  });
  // Should the paint never be reported, the app still starts. A browser test may set the
  // delay far off (window.__appStartFallbackMs) to prove that no page depends on it.
  setTimeout(start, window.__appStartFallbackMs || 5000);
})();
