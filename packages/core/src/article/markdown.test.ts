/// <reference lib="dom.iterable" />
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { mediaIdOfUrl, type MediaInfo } from "../media/media-rules.ts";
import { SAMPLE_MEDIA_ID, sampleMedia } from "../media/media.testing.ts";
import { renderMarkdown, TABLE_OF_CONTENTS_TITLE, absoluteHtmlUrls } from "./markdown.ts";

const { document } = new JSDOM("<!doctype html><body></body>").window;

/** The rendered HTML as a browser parses it: what these tests look at, not the string. */
function parse(html: string): DocumentFragment {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
}

function render(markdown: string, language?: "es" | "en" | "pt") {
  const html = renderMarkdown(markdown, language);
  return { html, root: parse(html) };
}

describe("renderMarkdown: text written before Markdown", () => {
  it("makes one paragraph per line and none for blank lines", () => {
    const { root } = render("Primera línea.\nSegunda línea.\n\n\nTercera línea.\r\nCuarta.");
    expect([...root.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      "Primera línea.",
      "Segunda línea.",
      "Tercera línea.",
      "Cuarta.",
    ]);
  });

  it("keeps characters that are not Markdown as typed, and indented lines as text", () => {
    const { root } = render("Precio: 5 € < 10 €, 50% & más.\n    Línea con sangría.");
    expect([...root.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      "Precio: 5 € < 10 €, 50% & más.",
      "Línea con sangría.",
    ]);
    expect(root.querySelector("pre")).toBeNull();
  });

  it("closes emphasis at a line break and opens it again on the next line", () => {
    const { root } = render("*empieza\ntermina* aquí");
    const paragraphs = [...root.querySelectorAll("p")];
    expect(paragraphs.map((p) => p.innerHTML)).toEqual(["<em>empieza</em>", "<em>termina</em> aquí"]);
  });
});

describe("renderMarkdown: Markdown", () => {
  it("renders bold, italic, strikethrough and inline code", () => {
    const { root } = render("**negrita**, *cursiva*, ~~tachado~~ y `código`");
    expect(root.querySelector("strong")?.textContent).toBe("negrita");
    expect(root.querySelector("em")?.textContent).toBe("cursiva");
    expect(root.querySelector("s")?.textContent).toBe("tachado");
    expect(root.querySelector("code")?.textContent).toBe("código");
  });

  it("renders headings, lists, quotes, fenced code and rules", () => {
    const { root } = render(
      "# Título\n\n## Sección\n\n### Apartado\n\n- uno\n- dos\n\n1. primero\n2. segundo\n\n> una cita\n\n```\nconst a = 1 < 2;\n```\n\n---",
    );
    expect(root.querySelector("h1")?.textContent).toBe("Título");
    expect(root.querySelector("h2")?.textContent).toBe("Sección");
    expect(root.querySelector("h3")?.textContent).toBe("Apartado");
    expect([...root.querySelectorAll("ul > li")].map((li) => li.textContent)).toEqual(["uno", "dos"]);
    expect([...root.querySelectorAll("ol > li")].map((li) => li.textContent)).toEqual(["primero", "segundo"]);
    expect(root.querySelector("blockquote p")?.textContent).toBe("una cita");
    expect(root.querySelector("pre code")?.textContent).toBe("const a = 1 < 2;\n");
    expect(root.querySelector("hr")).not.toBeNull();
  });

  it("renders GFM tables with their alignment", () => {
    const { root } = render("| Plan | Precio |\n|:-----|------:|\n| Básico | 29 € |");
    expect([...root.querySelectorAll("thead th")].map((th) => th.textContent)).toEqual(["Plan", "Precio"]);
    expect([...root.querySelectorAll("tbody td")].map((td) => td.textContent)).toEqual(["Básico", "29 €"]);
    expect((root.querySelectorAll("tbody td")[1] as HTMLElement).style.textAlign).toBe("right");
  });

  it("autolinks URLs and www. addresses (GFM), not bare domains", () => {
    const { root } = render("Mira https://example.com/a?b=1&c=2, www.example.org, <https://x.es> y pedido.es");
    expect([...root.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([
      "https://example.com/a?b=1&c=2",
      "http://www.example.org",
      "https://x.es",
    ]);
    expect(root.textContent).toContain("y pedido.es");
  });

  it("marks links to other sites noopener noreferrer, opening in the same tab; site links stay plain", () => {
    const { root } = render(
      "[fuera](https://example.com) [también](//example.com) [precios](/es/precios) [aquí](#sec)",
    );
    const [outside, protocolRelative, site, fragment] = [...root.querySelectorAll("a")];
    expect(outside?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(protocolRelative?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(site?.getAttribute("href")).toBe("/es/precios");
    expect(site?.hasAttribute("rel")).toBe(false);
    expect(fragment?.getAttribute("href")).toBe("#sec");
    expect(root.querySelector("a[target]")).toBeNull();
  });

  it("renders images with their alt text", () => {
    const { root } = render('![Panel de pedidos](https://example.com/panel.png "El panel")');
    const img = root.querySelector("img");
    expect(img?.getAttribute("src")).toBe("https://example.com/panel.png");
    expect(img?.getAttribute("alt")).toBe("Panel de pedidos");
    expect(img?.getAttribute("title")).toBe("El panel");
  });

  it("gives h2 and h3 unique slugged ids", () => {
    const { root } = render("## Cómo empezar\n\n### Paso *uno*\n\n## Cómo empezar\n\n### ¿¡!?");
    expect([...root.querySelectorAll("h2, h3")].map((h) => h.id)).toEqual([
      "como-empezar",
      "paso-uno",
      "como-empezar-2",
      "seccion",
    ]);
  });

  it("opens with a table of contents when there are three or more h2, titled in the article's language", () => {
    const markdown = "Intro.\n\n## Uno\n\ntexto\n\n## Dos\n\n### Dos y medio\n\n## Tres";
    const { root } = render(markdown);
    const nav = root.firstElementChild;
    expect(nav?.tagName).toBe("NAV");
    const title = nav?.querySelector("h2");
    expect(title?.textContent).toBe("Contenido");
    expect(nav?.getAttribute("aria-labelledby")).toBe(title?.id);
    expect([...nav!.querySelectorAll("a")].map((a) => [a.getAttribute("href"), a.textContent])).toEqual([
      ["#uno", "Uno"],
      ["#dos", "Dos"],
      ["#tres", "Tres"],
    ]);
    for (const a of nav!.querySelectorAll("a")) {
      expect(root.querySelector(a.getAttribute("href")!)?.tagName).toBe("H2");
    }
    expect(render(markdown, "en").root.querySelector("nav h2")?.textContent).toBe(TABLE_OF_CONTENTS_TITLE.en);
    expect(render(markdown, "pt").root.querySelector("nav h2")?.textContent).toBe("Conteúdo");
  });

  it("has no table of contents with two h2", () => {
    expect(render("## Uno\n\n## Dos\n\n### Tres").root.querySelector("nav")).toBeNull();
  });
});

/** Elements and attributes through which HTML can run script or load another document. */
const SCRIPT_ELEMENTS =
  "script, iframe, object, embed, frame, frameset, style, link, meta, base, form, svg, math, template";

function assertInert(root: DocumentFragment, payload: string) {
  expect(root.querySelector(SCRIPT_ELEMENTS), payload).toBeNull();
  for (const element of root.querySelectorAll("*")) {
    for (const { name, value } of element.attributes) {
      expect(name.startsWith("on"), `${payload}: ${element.tagName} ${name}`).toBe(false);
      if (["href", "src", "xlink:href", "action", "formaction", "srcset", "poster", "background"].includes(name)) {
        const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value.replace(/[\s\p{Cc}]/gu, ""))?.[1]?.toLowerCase();
        expect(
          scheme === undefined || ["http", "https", "mailto", "tel"].includes(scheme),
          `${payload}: ${value}`,
        ).toBe(true);
      }
      if (name === "style") expect(value, payload).toMatch(/^text-align:\s*(left|right|center);?$/);
    }
  }
}

/** Payloads that run script when they reach HTML unfiltered. */
const PAYLOADS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "<svg onload=alert(1)>",
  "<iframe src=javascript:alert(1)></iframe>",
  '<a href="javascript:alert(1)">x</a>',
  "<body onload=alert(1)>",
  "<details open ontoggle=alert(1)>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
  "<style>@import 'javascript:alert(1)'</style>",
  '"><img src=x onerror=alert(1)>',
  "<!--<img src=x onerror=alert(1)>-->",
  "<input autofocus onfocus=alert(1)>",
  '<form action="javascript:alert(1)"><button>x</button></form>',
  "<meta http-equiv=refresh content='0;url=javascript:alert(1)'>",
  "<base href=javascript:alert(1)//>",
  "<div style=\"background:url('javascript:alert(1)')\">x</div>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "&lt;script&gt;alert(1)&lt;/script&gt;",
  "<a href=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>x</a>",
];

/** Link targets a browser would follow into script or another document. */
const URLS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java&#x09;script:alert(1)",
  "&#106;avascript:alert(1)",
  "javascript&colon;alert(1)",
  " javascript:alert(1)",
  "vbscript:msgbox(1)",
  "VBScript:msgbox(1)",
  "data:text/html,<script>alert(1)</script>",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "data:image/svg+xml,<svg onload=alert(1)>",
  "file:///etc/passwd",
  'https://example.com" onmouseover="alert(1)',
  "https://example.com'><script>alert(1)</script>",
  "%6Aavascript:alert(1)",
  "<javascript:alert(1)>",
];

describe("renderMarkdown: nothing that runs script, in any position", () => {
  const positions: [string, (payload: string) => string][] = [
    ["text", (p) => `Hola ${p} adiós`],
    ["own line", (p) => p],
    ["emphasis", (p) => `**${p}**`],
    ["heading", (p) => `## ${p}`],
    ["list", (p) => `- ${p}`],
    ["quote", (p) => `> ${p}`],
    ["table", (p) => `| a | b |\n|---|---|\n| ${p.replace(/\|/g, "\\|")} | x |`],
    ["inline code", (p) => `\`${p}\``],
    ["code block", (p) => "```\n" + p + "\n```"],
    ["link text", (p) => `[${p}](https://example.com)`],
    ["link title", (p) => `[x](https://example.com "${p.replace(/"/g, '\\"')}")`],
    ["image alt", (p) => `![${p}](https://example.com/a.png)`],
    ["raw HTML block", (p) => `<div>\n${p}\n</div>`],
  ];

  for (const [position, place] of positions) {
    it(`${position}: ${PAYLOADS.length} payloads stay text`, () => {
      for (const payload of PAYLOADS) assertInert(render(place(payload)).root, `${position}: ${payload}`);
    });
  }

  const urlPositions: [string, (url: string) => string][] = [
    ["link", (u) => `[x](${u})`],
    ["link in angle brackets", (u) => `[x](<${u}>)`],
    ["image", (u) => `![x](${u})`],
    ["autolink", (u) => `<${u}>`],
    ["reference link", (u) => `[x][r]\n\n[r]: ${u}`],
    ["table cell link", (u) => `| a |\n|---|\n| [x](${u}) |`],
    ["bare text", (u) => u],
  ];

  for (const [position, place] of urlPositions) {
    it(`${position}: ${URLS.length} dangerous targets are dropped`, () => {
      for (const url of URLS) assertInert(render(place(url)).root, `${position}: ${url}`);
    });
  }

  it("shows raw HTML as text instead of rendering it", () => {
    const { root } = render('<b onclick="alert(1)">hola</b>');
    expect(root.querySelector("b")).toBeNull();
    expect(root.textContent?.trim()).toBe('<b onclick="alert(1)">hola</b>');
  });

  it("keeps safe links", () => {
    const { root } = render("[a](https://example.com) [b](mailto:hola@codcrm.com) [c](tel:+34900000000) [d](/es/blog)");
    expect([...root.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([
      "https://example.com",
      "mailto:hola@codcrm.com",
      "tel:+34900000000",
      "/es/blog",
    ]);
  });

  it("drops a data: image", () => {
    const { root } = render("![x](data:image/png;base64,iVBORw0KGgo=)");
    expect(root.querySelector("img[src^='data:']")).toBeNull();
  });
});

describe("renderMarkdown: uploaded images", () => {
  const ID = SAMPLE_MEDIA_ID;
  const media = sampleMedia();

  it("the renderer gives a checked image its size and variants, lazily; others only the lazy hints", () => {
    const html = renderMarkdown(`![Caja](${media.url})\n\n![Otra](https://images.example.com/a.png)`, "es", (url) =>
      mediaIdOfUrl(url) === ID ? media : undefined,
    );
    expect(html).toContain(
      `<img src="${media.url}" alt="Caja" srcset="/media/${ID}/w480.webp 480w, /media/${ID}/w960.webp 960w" sizes="(min-width: 48rem) 48rem, 100vw" width="1200" height="600" loading="lazy" decoding="async">`,
    );
    expect(html).toContain(`<img src="https://images.example.com/a.png" alt="Otra" loading="lazy" decoding="async">`);
  });

  it("the sanitiser drops image attributes whose values are not the renderer's", () => {
    const evil: MediaInfo = {
      ...media,
      width: "1 onerror=alert(1)" as unknown as number,
      variants: [{ url: "https://evil.example/x.webp", width: 10, height: 1 }],
    };
    const html = renderMarkdown(`![Caja](${media.url})`, "es", () => evil);
    expect(html).not.toMatch(/srcset|onerror|evil/);
    expect(html).toContain('loading="lazy"');
  });
});

describe("absoluteHtmlUrls: the article's HTML for readers away from the site", () => {
  const origin = "https://codcrm.example";
  const page = `${origin}/es/blog/mi-articulo`;

  it("puts every site path of src, srcset and href under the origin, and a fragment under the article", () => {
    const media = {
      id: "0123456789abcdef",
      url: "/media/0123456789abcdef/original.png",
      width: 1000,
      height: 500,
      variants: [
        { url: "/media/0123456789abcdef/w480.webp", width: 480, height: 240 },
        { url: "/media/0123456789abcdef/w960.webp", width: 960, height: 480 },
      ],
    };
    const html = renderMarkdown(
      "## Uno\n\n## Dos\n\n## Tres\n\n![Gráfico](/media/0123456789abcdef/original.png) [otro](/es/blog/otro) [fuera](https://example.com/x?a=1&b=2)",
      "es",
      (url) => (url === media.url ? media : undefined),
    );
    const out = absoluteHtmlUrls(html, origin, page);
    expect(out).toContain(`src="${origin}/media/0123456789abcdef/original.png"`);
    expect(out).toContain(
      `srcset="${origin}/media/0123456789abcdef/w480.webp 480w, ${origin}/media/0123456789abcdef/w960.webp 960w"`,
    );
    expect(out).toContain(`href="${origin}/es/blog/otro"`);
    expect(out).toContain(`href="${page}#uno"`);
    expect(out).toContain('href="https://example.com/x?a=1&amp;b=2"');
    // Nothing else changes: the same tags, ids, alt text and attributes.
    expect(out.replaceAll(origin, "").replaceAll("/es/blog/mi-articulo#", "#")).toBe(html);
    expect(out).not.toMatch(/(src|href)="\/|srcset="\//);
  });
});
