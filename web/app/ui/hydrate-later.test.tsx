// @vitest-environment jsdom
import { act } from "preact/test-utils";
import { useState } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToStringAsync } from "preact-render-to-string";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IdScopeProvider } from "../lib/id-scope.ts";
import { HeadCollector, HeadCollectorProvider } from "../seo/document-head.tsx";
import { CopyOnScreen, HydrateLater } from "./hydrate-later.tsx";

let renders = 0;
let near: ((entries: { isIntersecting: boolean }[]) => void) | undefined;

/** A field with state, as the newsletter form has: it counts its renders. */
function Field() {
  renders++;
  const [value, setValue] = useState("");
  return (
    <label>
      E-mail <input name="email" value={value} onInput={(event) => setValue(event.currentTarget.value)} />
      <output>{value ? `typed ${value}` : "empty"}</output>
    </label>
  );
}

const page = (when?: "near" | "soon") => (
  <IdScopeProvider prefix="i">
    <h1>Page</h1>
    <HydrateLater when={when}>
      <Field />
    </HydrateLater>
  </IdScopeProvider>
);

let container: HTMLElement;
let root: { unmount(): void } | undefined;

beforeEach(() => {
  renders = 0;
  // jsdom has no layout: the test says when the part comes near the screen.
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        near = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal("requestIdleCallback", () => 0);
  vi.stubGlobal("cancelIdleCallback", () => {});
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container?.remove();
  vi.unstubAllGlobals();
});

/** The page as the build writes it, then hydrated. */
async function hydratePage(beforeHydrating?: () => void, when?: "near" | "soon") {
  container = document.createElement("div");
  container.innerHTML = await renderToStringAsync(
    <HeadCollectorProvider collector={new HeadCollector()}>{page(when)}</HeadCollectorProvider>,
  );
  document.body.append(container);
  beforeHydrating?.();
  renders = 0;
  await act(async () => {
    root = hydrateRoot(container, page(when));
  });
}

describe("HydrateLater", () => {
  it("keeps its HTML and renders nothing of it while the page hydrates", async () => {
    await hydratePage();
    expect(renders).toBe(0);
    expect(container.querySelector("output")?.textContent).toBe("empty");
    expect(container.querySelector("h1")?.textContent).toBe("Page");
  });

  it("hydrates when it comes near the screen, adopting the elements it came with", async () => {
    await hydratePage();
    const input = container.querySelector("input")!;
    await act(async () => near?.([{ isIntersecting: true }]));
    expect(renders).toBeGreaterThan(0);
    expect(container.querySelector("input")).toBe(input);
    await act(async () => {
      input.value = "ana@tienda.com";
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    expect(container.querySelector("output")?.textContent).toBe("typed ana@tienda.com");
  });

  it("hydrates at once when the visitor is already in it, keeping the focus and the text", async () => {
    await hydratePage(() => {
      const input = container.querySelector("input")!;
      input.focus();
      input.value = "ana@";
    });
    const input = container.querySelector("input")!;
    expect(renders).toBeGreaterThan(0);
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe("ana@");
  });

  it("hydrates when the visitor reaches into it before it comes near", async () => {
    await hydratePage();
    expect(renders).toBe(0);
    await act(async () => {
      container.querySelector("input")!.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    });
    expect(renders).toBeGreaterThan(0);
  });

  it("due in the next task, hydrates at once when the visitor presses it before that task", async () => {
    // The header's part (site-layout.tsx): a press just as the app starts must reach the app.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await hydratePage(undefined, "soon");
      expect(renders).toBe(0);
      await act(async () => {
        container.querySelector("input")!.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
      });
      expect(renders).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("renders its content at once when the page is rendered in the browser", async () => {
    container = document.createElement("div");
    document.body.append(container);
    await act(async () => {
      const created = createRoot(container);
      created.render(page());
      root = created;
    });
    expect(renders).toBeGreaterThan(0);
    expect(container.querySelector("output")?.textContent).toBe("empty");
  });

  it("built under the server's copy of the page, renders in a task of its own and keeps the copy until it is in", async () => {
    container = document.createElement("div");
    document.body.append(container);
    const copy = { held: 0, released: 0 };
    const hold = () => {
      copy.held++;
      let done = false;
      return () => {
        if (!done) copy.released++;
        done = true;
      };
    };
    await act(async () => {
      const created = createRoot(container);
      created.render(<CopyOnScreen.Provider value={hold}>{page()}</CopyOnScreen.Provider>);
      root = created;
    });
    // The frame is in; the part waits for the next task and holds the copy meanwhile.
    expect(container.querySelector("h1")?.textContent).toBe("Page");
    expect(renders).toBe(0);
    expect(copy).toEqual({ held: 1, released: 0 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(renders).toBeGreaterThan(0);
    expect(container.querySelector("output")?.textContent).toBe("empty");
    expect(copy).toEqual({ held: 1, released: 1 });
  });
});
