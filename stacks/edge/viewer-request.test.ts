import vm from "node:vm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PAGE_ALIASES } from "@codcrm/core/site/url-map";
import { publicPagePaths } from "@codcrm/core/site/public-pages";
import { classifyMissingPath, redirectFor } from "@codcrm/local/page-fallbacks";
import type { Language } from "@codcrm/core/site/languages";
import { resolvePath } from "@codcrm/core/site/url-map";
import { viewerRequestCode, viewerResponseCode } from "./viewer-request.ts";

const CRM = "https://crm.example/auth/login";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFront events and results, read loosely
type Handler = (event: unknown) => any;

/** The function's source run as CloudFront runs it: a bare context, nothing but the code. */
function load(code: string): Handler {
  const context = vm.createContext({});
  vm.runInContext(code, context);
  return context.handler as Handler;
}
const request = load(viewerRequestCode({ crmSignInUrl: CRM }));
const response = load(viewerResponseCode());

type Answer = { redirect: [number, string] } | { file: string; status: number };

/** What a viewer gets for a URL: a redirect, or the S3 key fetched and the final status. */
function edge(
  uri: string,
  { language, query = {} }: { language?: string; query?: Record<string, unknown> } = {},
): Answer {
  const cookies = language ? { language: { value: language } } : {};
  const result = request({ request: { uri, method: "GET", querystring: query, headers: {}, cookies } });
  if (result.statusCode) return { redirect: [result.statusCode, result.headers.location.value] };
  const { statusCode } = response({
    request: { uri, method: "GET", querystring: query, headers: {}, cookies },
    response: { statusCode: 200, statusDescription: "OK", headers: {} },
  });
  return { file: result.uri, status: statusCode };
}

/** What the local server answers for the same URL when S3 has the prerendered pages only. */
function local(uri: string, language?: string, search = ""): Answer {
  const redirect = redirectFor(uri, search, language ? `language=${language}` : undefined, CRM);
  if (redirect) return { redirect: [redirect.status, redirect.location] };
  if (uri.split("/").pop()!.includes(".")) return { file: uri, status: 200 };
  const trimmed = uri.length > 1 ? uri.replace(/\/+$/, "") : uri;
  if (publicPagePaths().includes(trimmed)) return { file: `${trimmed}/index.html`, status: 200 };
  // A page a page function renders (an article) has a behaviour of its own; asked of the bucket, its folder.
  const resolution = resolvePath(trimmed, (language as Language | undefined) ?? "es");
  if (resolution.kind === "page" && !resolution.shell) return { file: `${trimmed}/index.html`, status: 200 };
  return classifyMissingPath(uri);
}

describe("the CloudFront viewer functions", () => {
  it("redirect the permanent aliases with 301, under their own prefix, keeping the query", () => {
    expect(edge("/en/legal/rgpd")).toEqual({ redirect: [301, "/en/privacidad"] });
    expect(edge("/pt/empresa/sobre-nosotros")).toEqual({ redirect: [301, "/pt/sobre-nosotros"] });
    expect(edge("/en/soporte/contacto", { language: "pt" })).toEqual({ redirect: [301, "/en/contacto"] });
    expect(edge("/es/legal/cookies", { query: { a: { value: "1" }, b: { value: "" } } })).toEqual({
      redirect: [301, "/es/cookies?a=1&b"],
    });
  });

  it("redirect paths without a prefix under the language cookie (302), else Spanish", () => {
    expect(edge("/blog", { language: "en" })).toEqual({ redirect: [302, "/en/blog"] });
    // An alias moves for good, under the stored language when it has no prefix.
    expect(edge("/legal/rgpd", { language: "pt" })).toEqual({ redirect: [301, "/pt/privacidad"] });
    expect(edge("/precios", { language: "fr" })).toEqual({ redirect: [302, "/es/precios"] });
    expect(edge("/", {})).toEqual({ redirect: [302, "/es"] });
    expect(edge("/x", { query: { t: { value: "1", multiValue: [{ value: "1" }, { value: "2" }] } } })).toEqual({
      redirect: [302, "/es/x?t=1&t=2"],
    });
  });

  it("send the CRM's paths to its sign-in page", () => {
    expect(edge("/auth/login")).toEqual({ redirect: [302, CRM] });
    expect(edge("/en/dashboard/pedidos")).toEqual({ redirect: [302, CRM] });
  });

  it("serve pages, the app shell, files and 404 pages as before", () => {
    expect(edge("/es/servicios/")).toEqual({ file: "/es/servicios/index.html", status: 200 });
    expect(edge("/admin/blog")).toEqual({ file: "/admin/index.html", status: 200 });
    // An article's editor and a new one's (docs/decisions/0157-the-editor-has-an-address.md).
    expect(edge("/admin/blog/1764151200000a1b2")).toEqual({ file: "/admin/index.html", status: 200 });
    expect(edge("/admin/blog/nuevo")).toEqual({ file: "/admin/index.html", status: 200 });
    expect(edge("/pt/no-existe")).toEqual({ file: "/pt/404.html", status: 404 });
    expect(edge("/favicon.ico")).toEqual({ file: "/favicon.ico", status: 200 });
  });

  it("fit CloudFront's 10 KB limit on a function's code", () => {
    expect(Buffer.byteLength(viewerRequestCode({ crmSignInUrl: CRM }))).toBeLessThan(10_240);
    expect(Buffer.byteLength(viewerResponseCode())).toBeLessThan(10_240);
  });

  it("answer every path as the local server does: one URL map", () => {
    const samples = [
      ...publicPagePaths(),
      ...Object.keys(PAGE_ALIASES).flatMap((alias) => [alias, `/es${alias}`, `/en${alias}/`]),
      "/",
      "/admin",
      "/admin/",
      "/admin/x/y",
      "/es/blog/un-articulo",
      "/en/blog/a/b",
      "/auth",
      "/pt/dashboard",
      "/fr/precios",
      "/assets/x.js",
    ];
    for (const uri of samples)
      for (const language of [undefined, "en", "pt"])
        expect(edge(uri, { language }), `${uri} ${language}`).toEqual(local(uri, language));

    const segment = fc.constantFrom(
      "es",
      "en",
      "pt",
      "admin",
      "blog",
      "legal",
      "rgpd",
      "auth",
      "x.js",
      "servicios",
      "",
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 4 }), fc.constantFrom(undefined, "en", "pt"), (parts, language) => {
        const uri = `/${parts.join("/")}`;
        expect(edge(uri, { language })).toEqual(local(uri, language));
      }),
      { numRuns: 2000 },
    );
  });
});
