import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { articleDescription, plainDescription, withDescription } from "./description.ts";
import { defaultExcerpt } from "./derive.ts";
import { markdownText } from "./markdown.ts";

describe("markdownText: what a reader sees of Markdown", () => {
  it("drops heading, emphasis, strikethrough and quote marks", () => {
    expect(markdownText("## Set up your locations\n\nA tidy warehouse **cuts errors** and ~~costs~~ _time_.")).toBe(
      "Set up your locations A tidy warehouse cuts errors and costs time.",
    );
    expect(markdownText("> Cobrar al entregar\n> sigue funcionando.")).toBe("Cobrar al entregar sigue funcionando.");
  });

  it("reduces links to their text and images to their alt text", () => {
    expect(
      markdownText(
        "See the [guide](https://example.com/guide) and ![Weekly deliveries chart](/media/0123456789abcdef/original.png) now.",
      ),
    ).toBe("See the guide and Weekly deliveries chart now.");
    // An autolink keeps its address: it is the text the page shows.
    expect(markdownText("Escríbenos a <hola@codcrm.com>.")).toBe("Escríbenos a hola@codcrm.com.");
    // An image without alt text leaves nothing, not its URL.
    expect(markdownText("Antes ![](/media/0123456789abcdef/original.png) después")).toBe("Antes después");
  });

  it("keeps code's characters without its backticks or fences", () => {
    expect(markdownText("Run `npm start` first.")).toBe("Run npm start first.");
    expect(markdownText('Config:\n\n```json\n{"a": 1}\n```\n\nDone.')).toBe('Config: {"a": 1} Done.');
  });

  it("turns lists and tables into their words, each item apart", () => {
    expect(markdownText("Pasos:\n\n- Confirmar\n- Enviar\n1. Cobrar")).toBe("Pasos: Confirmar Enviar Cobrar");
    expect(markdownText("| a | b |\n|---|---|\n| 1 | 2 |")).toBe("a b 1 2");
  });

  it("decodes entities and escapes, and leaves raw HTML as the text it shows", () => {
    expect(markdownText("Envíos &amp; cobros \\*sin\\* errores")).toBe("Envíos & cobros *sin* errores");
    expect(markdownText("<b>negrita</b>")).toBe("<b>negrita</b>");
  });
});

describe("plainDescription: the excerpt as a description", () => {
  it("keeps a short text whole, without an ellipsis", () => {
    expect(plainDescription("Un resumen **breve**.")).toBe("Un resumen breve.");
  });

  it("cuts a longer text at a word boundary within 160 characters, the ellipsis included", () => {
    const text = "Palabra ".repeat(40).trim(); // 319 characters
    const description = plainDescription(text);
    expect([...description].length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/Palabra…$/);
    // Every word before the ellipsis is whole.
    expect(
      description
        .slice(0, -1)
        .split(" ")
        .every((word) => word === "Palabra"),
    ).toBe(true);
  });

  it("cuts on a whole word when the 159th character ends one", () => {
    // 159 characters of whole words, then more: the room ends exactly at a word.
    const head = "ab ".repeat(53).trim(); // 158 characters
    expect(plainDescription(`${head}c defgh`)).toBe(`${head}c…`);
  });

  it("drops a comma or a dash left at the cut", () => {
    const text = `${"envío ".repeat(25)}cobro, ${"x".repeat(40)}`;
    const description = plainDescription(text);
    expect(description.endsWith("cobro…")).toBe(true);
  });

  it("cuts inside a word only when one word is longer than the whole room", () => {
    expect(plainDescription("a".repeat(300))).toBe(`${"a".repeat(159)}…`);
  });

  it("measures characters, not UTF-16 units: accents and emoji are never split", () => {
    const text = "📦 envío ".repeat(30);
    const description = plainDescription(text);
    expect([...description].length).toBeLessThanOrEqual(160);
    expect(description).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it("reads in Spanish, English and Portuguese alike", () => {
    const texts = {
      es: "## Organiza tu almacén\n\nUn almacén ordenado **reduce errores** en la preparación de pedidos contra reembolso, acelera las entregas y evita devoluciones que cuestan dinero cada semana.",
      en: "## Set up your locations\n\nA tidy warehouse **cuts errors** when packing cash-on-delivery orders, speeds up deliveries and avoids returns that cost money every single week of the year.",
      pt: "## Organize o seu armazém\n\nUm armazém arrumado **reduz erros** na preparação de encomendas à cobrança, acelera as entregas e evita devoluções que custam dinheiro todas as semanas.",
    };
    expect(plainDescription(texts.es)).toBe(
      "Organiza tu almacén Un almacén ordenado reduce errores en la preparación de pedidos contra reembolso, acelera las entregas y evita devoluciones que cuestan…",
    );
    expect(plainDescription(texts.en)).toBe(
      "Set up your locations A tidy warehouse cuts errors when packing cash-on-delivery orders, speeds up deliveries and avoids returns that cost money every single…",
    );
    expect(plainDescription(texts.pt)).toBe(
      "Organize o seu armazém Um armazém arrumado reduz erros na preparação de encomendas à cobrança, acelera as entregas e evita devoluções que custam dinheiro todas…",
    );
  });

  it("never exceeds 160 characters, never holds a line break, and never shows Markdown emphasis marks", () => {
    const word = fc.stringMatching(/^[a-zñáéíóú]{1,14}$/);
    const piece = fc.oneof(
      word,
      word.map((w) => `**${w}**`),
      word.map((w) => `[${w}](https://example.com/${w})`),
      word.map((w) => `![${w}](/media/0123456789abcdef/original.png)`),
      fc.constant("\n"),
      fc.constant("\n\n## "),
      fc.constant("\n- "),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 120 }), (pieces) => {
        const description = plainDescription(pieces.join(" "));
        expect([...description].length).toBeLessThanOrEqual(160);
        expect(description).not.toMatch(/[\r\n*[\]()#]|https?:/);
        expect(description).toBe(description.trim());
      }),
    );
  });
});

describe("articleDescription: the administrator's own, else the excerpt's", () => {
  it("prefers a typed description, trimmed, as typed", () => {
    expect(articleDescription({ excerpt: "**Resumen**", metaDescriptionOverride: "  Mi descripción.  " })).toBe(
      "Mi descripción.",
    );
  });

  it("derives from the excerpt when the typed one is blank or missing", () => {
    expect(articleDescription({ excerpt: "**Resumen** del artículo", metaDescriptionOverride: " " })).toBe(
      "Resumen del artículo",
    );
    expect(articleDescription({ excerpt: "El [resumen](/es/blog/x)" })).toBe("El resumen");
  });

  it("replaces a stored description made by the earlier rule (the content's first 160 characters)", () => {
    const stored = {
      excerpt: "Un almacén ordenado **reduce errores**.",
      content: "## Organiza tu almacén\n\nUn almacén ordenado **reduce errores**.",
      metaDescription: "## Organiza tu almacén Un almacén ordenado **reduce errores**.",
    };
    expect(withDescription(stored).metaDescription).toBe("Un almacén ordenado reduce errores.");
  });
});

describe("articleDescription: an excerpt nobody wrote", () => {
  it("reads the content whole instead of the default excerpt cut inside a link", () => {
    const content = `${"Un almacén ordenado reduce errores. ".repeat(5)}Lee [nuestra guía](https://codcrm.example/es/blog/guia) antes.`;
    const excerpt = defaultExcerpt(content);
    expect(excerpt).toContain("[nuestra");
    const description = articleDescription({ excerpt, content });
    expect(description).not.toMatch(/[[\]]/);
    expect(description).toBe(plainDescription(content));
  });
});
