// @vitest-environment jsdom
import { act } from "@testing-library/preact";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Layout } from "./root.tsx";

const Document = createRoutesStub([
  {
    path: "*",
    Component: () => (
      <Layout>
        <p>page</p>
      </Layout>
    ),
  },
]);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

/** Puts the server's HTML in place of the test document, as the browser would have parsed it. */
function serve(html: string): void {
  const parsed = new DOMParser().parseFromString(`<!DOCTYPE html>${html}`, "text/html");
  document.replaceChild(document.importNode(parsed.documentElement, true), document.documentElement);
}

describe("the document's language", () => {
  it("is the page's language once the app shell, written in Spanish, starts under another prefix", async () => {
    // The app shell is rendered once, at build time, for every path it serves.
    serve(renderToString(<Document initialEntries={["/admin"]} />));
    expect(document.documentElement.lang).toBe("es");
    await act(async () => {
      root = hydrateRoot(document, <Document initialEntries={["/en/blog/an-article"]} />);
    });
    expect(document.documentElement.lang).toBe("en");
  });

  it("keeps the language the prerendered page came with", async () => {
    serve(renderToString(<Document initialEntries={["/pt/blog"]} />));
    expect(document.documentElement.lang).toBe("pt");
    await act(async () => {
      root = hydrateRoot(document, <Document initialEntries={["/pt/blog"]} />);
    });
    expect(document.documentElement.lang).toBe("pt");
  });
});
