// @vitest-environment jsdom
import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createRoutesStub, useLocation } from "react-router";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { Layout } from "./root.tsx";
import { I18nProvider } from "./i18n/i18n.ts";
import { LanguageProvider } from "./i18n/language-context.tsx";
import { testI18n } from "./i18n/with-strings.testing.tsx";
import { PageHead } from "./seo/page-head.tsx";

function Page() {
  return (
    <>
      <PageHead page="/servicios" title="Servicios" description="Lo que hacemos." />
      <p>page</p>
      <input aria-label="box" defaultValue="" />
    </>
  );
}

const Document = createRoutesStub([
  {
    path: "*",
    Component: function Document() {
      const { pathname } = useLocation();
      return (
        <Layout>
          <LanguageProvider pathname={pathname}>
            <Page />
          </LanguageProvider>
        </Layout>
      );
    },
  },
]);

const app = (path: string) => (
  <I18nProvider i18n={testI18n}>
    <Document initialEntries={[path]} />
  </I18nProvider>
);

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

/** The document as the server writes it for `path`, in place of the test's, as the browser would have parsed it. */
function serve(path: string): void {
  const html = renderToString(app(path));
  const parsed = new DOMParser().parseFromString(`<!DOCTYPE html>${html}`, "text/html");
  document.replaceChild(document.importNode(parsed.documentElement, true), document.documentElement);
}

describe("the document", () => {
  it("is written in the path's language, with the page's head tags in <head>", () => {
    serve("/pt/servicios");
    expect(document.documentElement.lang).toBe("pt");
    expect(document.head.querySelector("title")?.textContent).toBe("Servicios | CodCRM");
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(/\/pt\/servicios$/);
  });

  it("hydrates as it came: the same elements, nothing rebuilt, what the visitor typed kept", async () => {
    serve("/es/servicios");
    const paragraph = document.body.querySelector("p");
    const box = document.body.querySelector("input")!;
    box.value = "typed before the app";
    const recoverable = vi.fn();
    await act(async () => {
      root = hydrateRoot(document, app("/es/servicios"), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(document.body.querySelector("p")).toBe(paragraph);
    expect(document.body.querySelector("input")).toBe(box);
    expect(box.value).toBe("typed before the app");
    expect(document.documentElement.lang).toBe("es");
  });
});
