// @vitest-environment jsdom
import { act } from "preact/test-utils";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider, useParams, type DataRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IdScopeProvider } from "../lib/id-scope.ts";
import { inSitePath, Prerendered } from "./prerendered.tsx";

const GREETING: Record<string, string> = { es: "Hola", en: "Hello" };
let probeRenders = 0;

/** Static content that counts its renders: hydration must not render it. */
function Greeting() {
  probeRenders++;
  const { lang = "es" } = useParams();
  return (
    <p>
      {GREETING[lang]} <a href={`/${lang}/blog`}>blog</a> <a href="https://example.com/">fuera</a>
    </p>
  );
}

function Page() {
  return (
    <>
      <h1>CodCRM</h1>
      <Prerendered className="static-part">
        <Greeting />
      </Prerendered>
    </>
  );
}

const routes = [
  { path: "/:lang", Component: Page },
  { path: "/:lang/blog", Component: () => <h1>Blog</h1> },
];

let root: Root | undefined;
let container: HTMLElement;

/** The app as the entries render it: the router under a document's scope of ids. */
const app = (router: DataRouter) => (
  <IdScopeProvider prefix="i">
    <RouterProvider router={router} />
  </IdScopeProvider>
);

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container?.remove();
  probeRenders = 0;
  vi.restoreAllMocks();
});

/** The page as prerendered: what Prerendered renders outside a browser is its children in a div. */
function prerenderedHtml(lang: string): string {
  const staticPart = renderToStaticMarkup(
    app(createMemoryRouter([{ path: "/:lang", Component: Greeting }], { initialEntries: [`/${lang}`] })),
  );
  return `<h1>CodCRM</h1><div class="static-part">${staticPart}</div>`;
}

async function hydratePage(lang: string) {
  container = document.createElement("div");
  container.innerHTML = prerenderedHtml(lang);
  document.body.append(container);
  probeRenders = 0;
  const router = createMemoryRouter(routes, { initialEntries: [`/${lang}`] });
  await act(async () => {
    root = hydrateRoot(container, app(router));
  });
  return { router };
}

describe("Prerendered", () => {
  it("keeps the prerendered HTML while hydrating, without rendering what is inside", async () => {
    const consoleErrors = vi.spyOn(console, "error");
    container = document.createElement("div");
    await hydratePage("es");
    const paragraph = container.querySelector(".static-part p");

    expect(probeRenders).toBe(0);
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(paragraph?.textContent).toBe("Hola blog fuera");
    // Still the very nodes the HTML made, once the app has settled.
    await act(async () => {});
    expect(container.querySelector(".static-part p")).toBe(paragraph);
  });

  it("opens an in-site link's page through the router, without reloading", async () => {
    const { router } = await hydratePage("es");
    const link = container.querySelector<HTMLAnchorElement>('a[href="/es/blog"]')!;
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });

    await act(async () => {
      link.dispatchEvent(click);
    });

    expect(click.defaultPrevented).toBe(true);
    expect(router.state.location.pathname).toBe("/es/blog");
    expect(container.querySelector("h1")?.textContent).toBe("Blog");
  });

  it("renders its content for another path of the same page (another language)", async () => {
    const { router } = await hydratePage("es");

    await act(async () => {
      await router.navigate("/en");
    });

    expect(probeRenders).toBeGreaterThan(0);
    expect(container.querySelectorAll(".static-part")).toHaveLength(1);
    expect(container.querySelector(".static-part p")?.textContent).toBe("Hello blog fuera");
  });

  it("renders its content when the page is rendered in the browser (after a navigation)", async () => {
    container = document.createElement("div");
    document.body.append(container);
    const router = createMemoryRouter(routes, { initialEntries: ["/es"] });
    await act(async () => {
      root = createRoot(container);
      root.render(app(router));
    });

    expect(probeRenders).toBeGreaterThan(0);
    expect(container.querySelector(".static-part p")?.textContent).toBe("Hola blog fuera");
  });
});

describe("inSitePath", () => {
  const event = (
    init: Partial<{
      button: number;
      ctrlKey: boolean;
      metaKey: boolean;
      shiftKey: boolean;
      altKey: boolean;
      defaultPrevented: boolean;
    }> = {},
  ) =>
    ({
      button: 0,
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      altKey: false,
      defaultPrevented: false,
      ...init,
    }) as Parameters<typeof inSitePath>[1];
  const link = (href: string, attributes: Record<string, string> = {}) => {
    const a = document.createElement("a");
    a.href = href;
    for (const [name, value] of Object.entries(attributes)) a.setAttribute(name, value);
    return a;
  };

  it("follows a plain click on a link to another page of the site", () => {
    expect(inSitePath(link("/es/servicios?x=1#precios"), event())).toBe("/es/servicios?x=1#precios");
  });

  it("leaves to the browser what a visitor expects from it: new tabs, downloads, other sites, places on this page", () => {
    expect(inSitePath(link("/es/blog"), event({ ctrlKey: true }))).toBeUndefined();
    expect(inSitePath(link("/es/blog"), event({ metaKey: true }))).toBeUndefined();
    expect(inSitePath(link("/es/blog"), event({ shiftKey: true }))).toBeUndefined();
    expect(inSitePath(link("/es/blog"), event({ button: 1 }))).toBeUndefined();
    expect(inSitePath(link("/es/blog"), event({ defaultPrevented: true }))).toBeUndefined();
    expect(inSitePath(link("/es/blog", { target: "_blank" }), event())).toBeUndefined();
    expect(inSitePath(link("/es/blog", { download: "" }), event())).toBeUndefined();
    expect(inSitePath(link("https://example.com/es"), event())).toBeUndefined();
    expect(inSitePath(link(`${window.location.pathname}#arriba`), event())).toBeUndefined();
  });
});
