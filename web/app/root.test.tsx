// @vitest-environment jsdom
import { act } from "@testing-library/preact";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { Layout } from "./root.tsx";
import { HeadCollector, HeadCollectorProvider } from "./seo/document-head.tsx";

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

let root: { unmount(): void } | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});
// The tests replace the whole document; the next test file in this worker gets the one it had
// (the web tests share one worker's document: vitest.setup.ts).
const testDocument = document.documentElement;
afterAll(() => {
  document.replaceChild(testDocument, document.documentElement);
});

/** The document as the build writes it for `path`, in place of the test's, as the browser would have parsed it. */
function serve(path: string): void {
  const html = renderToString(
    <HeadCollectorProvider collector={new HeadCollector()}>
      <Document initialEntries={[path]} />
    </HeadCollectorProvider>,
  );
  const parsed = new DOMParser().parseFromString(`<!DOCTYPE html>${html}`, "text/html");
  document.replaceChild(document.importNode(parsed.documentElement, true), document.documentElement);
}

describe("the document's language", () => {
  it("is the page's language once the app shell, written in Spanish, starts under another prefix", async () => {
    // The app shell is rendered once, at build time, for every path it serves.
    serve("/admin");
    expect(document.documentElement.lang).toBe("es");
    await act(async () => {
      root = hydrateRoot(document, <Document initialEntries={["/en/blog/an-article"]} />);
    });
    expect(document.documentElement.lang).toBe("en");
  });

  it("keeps the language the prerendered page came with", async () => {
    serve("/pt/blog");
    expect(document.documentElement.lang).toBe("pt");
    await act(async () => {
      root = hydrateRoot(document, <Document initialEntries={["/pt/blog"]} />);
    });
    expect(document.documentElement.lang).toBe("pt");
  });

  it("leaves the <head> the HTML came with as it is", async () => {
    serve("/es");
    const head = document.head;
    const tags = [...head.children];
    await act(async () => {
      root = hydrateRoot(document, <Document initialEntries={["/es"]} />);
    });
    expect(document.head).toBe(head);
    expect([...document.head.children]).toEqual(tags);
    expect(document.body.querySelector("p")?.textContent).toBe("page");
  });
});
