// Starts the app on a page once the visitor first reaches for it: a touch, a press, a key, a
// focus, a scroll or the mouse moving (docs/decisions/0177-app-starts-on-first-interaction.md).
// Until then the page is its HTML: links load their pages, forms post, and nothing of ours runs
// on the main thread. A page with nothing of its own to paint (the admin's shell) starts at once.
// Written into every page, the same on every page, at the place of React Router's context script
// (defer-app-start.ts), so the Content-Security-Policy allows it by one hash
// (packages/core/src/web/inline-script-hashes.ts). The page names what it needs in data: its
// module files (data-preload), its strings (data-strings), and, in the JSON block after this
// script, the router's context and data, its route modules and the app's entry
// (docs/decisions/0185-no-app-requests-at-load.md, README.md in this folder).
//
// Every step runs in a task of its own, so that none of them holds the main thread long on a
// slow phone (a task over 50 ms is "blocking"): each preload request costs a few ms of main
// thread, and evaluating all the app's modules at once was one ~30 ms task (4x that on a phone).
(function () {
  var data = document.currentScript.dataset;
  var preloads = words(data.preload);
  // The app's files one by one, in the order React Router lists them, the entry (which hydrates)
  // last, once the router's context, data and route modules are in place.
  var modules = preloads.filter(function (href) {
    return href !== data.entry;
  });

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
  // The page's strings, which the app needs before it hydrates (entry.client.tsx): asked for
  // when the app starts, beside its chunks, not while the page loads: a request begun before
  // the page's largest paint is one that paint may wait for on a slow network
  // (docs/decisions/0185-no-app-requests-at-load.md).
  function preloadStrings() {
    if (data.strings) addLink("preload", data.strings, "fetch");
  }
  function addLink(rel, href, as) {
    var link = document.createElement("link");
    link.rel = rel;
    link.href = href;
    if (as) {
      link.as = as;
      link.crossOrigin = "anonymous";
    }
    document.head.appendChild(link);
  }
  // Every file asked for at once: a link costs well under a millisecond, and the files then
  // arrive while the first of them is evaluated (docs/decisions/0207-first-interaction-answered-first.md).
  function preload() {
    for (var i = 0; i < preloads.length; i++) addLink("modulepreload", preloads[i]);
    later(function () {
      evaluate(0);
    });
  }
  function evaluate(index) {
    if (index === modules.length) return later(hydrate);
    import(modules[index]).then(function () {
      later(function () {
        evaluate(index + 1);
      });
    });
  }
  // What React Router's own scripts did: its context with the page's data as a stream, the route
  // modules by id (each route's files merged), then the entry, which hydrates.
  function hydrate() {
    // React Router's context, route modules and data for this page, in the JSON block after this
    // script (defer-app-start.ts): parsed by now, the page's modules having loaded meanwhile.
    if (document.readyState === "loading") return document.addEventListener("DOMContentLoaded", hydrate);
    var app = JSON.parse(document.getElementById("app-start-data").textContent);
    var context = (window.__reactRouterContext = app.context);
    // The address the page was rendered for: the entry hydrates it, then goes where the visitor
    // is. A page with nothing painted (the admin's shell, its routes' loading frame) is the same
    // frame at any address under it, and hydrates at the visitor's own.
    if (!empty) window.__appRenderedUrl = app.url;
    context.stream = new ReadableStream({
      start: function (controller) {
        context.streamController = controller;
      },
    }).pipeThrough(new TextEncoderStream());
    for (var i = 0; i < app.stream.length; i++) context.streamController.enqueue(app.stream[i]);
    context.streamController.close();
    var ids = Object.keys(app.routes);
    Promise.all(
      ids.map(function (id) {
        return Promise.all(
          app.routes[id].map(function (href) {
            return import(href);
          }),
        );
      }),
    ).then(function (loaded) {
      var routeModules = {};
      for (var i = 0; i < ids.length; i++) routeModules[ids[i]] = Object.assign.apply(null, [{}].concat(loaded[i]));
      window.__reactRouterRouteModules = routeModules;
      import(data.entry);
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

  // What tells that a visitor is here and about to use the page. Each comes before what it
  // starts (a press before its click, a focus before the keys), so the app is on its way when
  // the visitor needs it; what the visitor does meanwhile is done by the HTML.
  var FIRST_INTERACTIONS = ["pointerdown", "touchstart", "keydown", "focusin", "wheel", "scroll", "pointermove"];
  var LISTENING = { capture: true, passive: true };
  function onFirstInteraction() {
    later(start);
  }

  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < FIRST_INTERACTIONS.length; i++)
      window.removeEventListener(FIRST_INTERACTIONS[i], onFirstInteraction, LISTENING);
    openStorage(
      "sessionStorage",
      openStorage("localStorage", function () {
        preloadStrings();
        preload();
      }),
    )();
  }
  // Whether the page has anything to paint before the app renders: a prerendered page does;
  // the empty app shell (admin, client-rendered paths) has nothing to look at and nothing to
  // interact with until the app renders it, so it starts at once. Stops at the first visible text or image,
  // which on a prerendered page is near the top (docs/decisions/0021-app-shell-starts-at-once.md).
  function hasContent() {
    if (document.body.querySelector("img, svg, canvas, video")) return true;
    var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (/\S/.test(node.data) && !/^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE)$/.test(node.parentNode.nodeName)) return true;
    }
    return false;
  }

  // The admin area starts at once as well: it is the administrator's working app, not a page to
  // read, and an address under it may come with a server-written page in the shell (a reload of
  // an article's editor at /admin/blog/<id>), which is content but not the admin's page.
  var admin = /^\/admin(\/|$)/.test(location.pathname);

  // One page view, one beacon, without the app (docs/decisions/0400-first-party-page-views.md):
  // the path; on a visit's first page (the tab's session) where it came from, the other site's
  // host and the UTM parameters; the article the page shows as itself (`data-view-article`). What
  // the visit has seen so far is kept for the tab's session only, in sessionStorage, where the
  // lead forms read it (docs/decisions/0403-lead-attribution-for-the-tab.md). No cookie, no
  // localStorage. Sent once the page has loaded and painted after that, so nothing of it comes
  // before the largest paint; or as the page goes, if it goes first. The speed module follows
  // when the browser is idle (docs/decisions/0402-real-visitors-web-vitals.md).
  function articleShown() {
    var shown = document.querySelector("[data-view-article]");
    return shown && shown.getAttribute("data-view-article");
  }
  var firstPath = location.pathname;
  var firstArticle = articleShown();
  // The tab's storage is opened, read and written in one task, the beacon sent in the next: each
  // is a synchronous call to the browser's process, a wait of some milliseconds on a busy phone.
  // As the page goes, both at once: no later task would run.
  function view(path, id, inApp, atOnce) {
    var visit;
    var body = { p: path };
    try {
      visit = JSON.parse(sessionStorage.getItem("visit"));
    } catch {
      // Storage may be blocked: every page is then a visit's first.
    }
    if (!visit || !visit.a) {
      visit = { e: path, a: [] };
      var query = new URLSearchParams(location.search);
      ["source", "medium", "campaign", "term", "content"].forEach(function (name) {
        var value = query.get("utm_" + name);
        if (value) (visit.u = body.u = visit.u || {})[name] = value;
      });
      var referrer = !inApp && document.referrer && new URL(document.referrer).host;
      if (referrer && referrer !== location.host) visit.r = body.r = referrer;
      body.e = 1;
    }
    if (id) {
      body.a = id;
      if (visit.a.indexOf(id) < 0) {
        body.f = 1;
        if (visit.a.length < 20) visit.a.push(id);
      }
    }
    try {
      sessionStorage.setItem("visit", JSON.stringify(visit));
    } catch {
      // Not kept: a lead sent from this tab says nothing of what brought it.
    }
    var send = function () {
      navigator.sendBeacon("/api/views", JSON.stringify(body));
    };
    if (atOnce) send();
    else later(send);
  }
  var viewed = false;
  function firstView(event) {
    if (viewed) return false;
    viewed = true;
    view(firstPath, firstArticle, false, event && event.type === "pagehide");
    return true;
  }
  // The frame after the load may hold the largest paint (an image the load waited for), and a
  // paint's report comes when the frame is on screen, which on a busy machine is later than the
  // main thread's next task: so the beacon waits, after that frame, for a quiet spell in which no
  // largest-paint report arrives (docs/decisions/0407-beacon-after-the-reported-paint.md).
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(function () {
        var quiet;
        // Reports from here on: an earlier one was of a frame already on screen. A browser
        // without these reports ignores the type (a warning, no error). Once the view is sent,
        // a later report finds it sent and does nothing.
        new PerformanceObserver(settle).observe({ type: "largest-contentful-paint" });
        settle();
        function settle() {
          clearTimeout(quiet);
          quiet = setTimeout(function () {
            if (!firstView()) return;
            (window.requestIdleCallback || setTimeout)(function () {
              import("__VITALS_MODULE__").then(function (vitals) {
                vitals.measure(firstPath);
              });
            });
          }, 150);
        }
      });
    });
  }
  if (!empty && !admin) {
    if (document.readyState === "complete") afterPaint();
    else addEventListener("load", afterPaint);
    addEventListener("pagehide", firstView);
    // The app's own navigations are page views too: it calls this after each (lib/page-views.ts).
    window.codcrmPageView = function () {
      firstView();
      view(location.pathname, articleShown(), true);
    };
  }

  if (empty || admin || document.visibilityState === "hidden") return start();

  for (var i = 0; i < FIRST_INTERACTIONS.length; i++)
    window.addEventListener(FIRST_INTERACTIONS[i], onFirstInteraction, LISTENING);
  // A tab sent to the background starts it too, while no one waits on it.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") start();
  });

  // A button that only the app makes work (it opens a dialog, a menu), clicked before the app
  // ran, is clicked again once the app has it: the click that started the app is not lost.
  // Links and form buttons are not: the HTML did what they do already. Once the entry has handed
  // the document to React (`__appHydrating`), a click is React's: it hydrates the part the button
  // is in first and runs its handler (docs/decisions/0203-hydration-in-parts-by-react.md).
  //
  // A disclosure (a button with aria-expanded that controls a `hidden` panel: the phone menu) is
  // opened or closed here at once, as the visitor presses it, since its panel is in the page
  // already: a phone does not wait for the app's start to show a menu of links that work without
  // it. Once the app has the page, a disclosure left open is clicked once, so that React's state
  // says open too; React, hydrating, leaves the attributes as they are
  // (docs/decisions/0207-first-interaction-answered-first.md).
  var pressed;
  var disclosures = [];
  function onEarlyClick(event) {
    if (window.__appHydrating) return;
    // A click's target is an element (a text node's click is its parent's).
    var button = event.target.closest("button");
    if (!button || button.type !== "button") return;
    var panel = document.getElementById(button.getAttribute("aria-controls"));
    // A dialog in the page (the contact form) opens at once too; the app, hydrating, finds it
    // open and keeps it so (docs/decisions/0209-contact-dialog-opens-before-the-app.md).
    if (panel && panel.showModal) return void (panel.open || panel.showModal());
    if (!panel || !button.hasAttribute("aria-expanded")) return void (pressed = button);
    var open = button.getAttribute("aria-expanded") !== "true";
    button.setAttribute("aria-expanded", String(open));
    panel.hidden = !open;
    if (disclosures.indexOf(button) === -1) disclosures.push(button);
  }
  document.addEventListener("click", onEarlyClick, true);
  document.addEventListener(
    "app-started",
    function () {
      document.removeEventListener("click", onEarlyClick, true);
      var buttons = disclosures.filter(function (button) {
        return button.getAttribute("aria-expanded") === "true";
      });
      if (pressed) buttons.push(pressed);
      pressed = undefined;
      if (buttons.length === 0) return;
      setTimeout(function () {
        for (var i = 0; i < buttons.length; i++) if (buttons[i].isConnected) buttons[i].click();
      }, 0);
    },
    { once: true },
  );
})();
