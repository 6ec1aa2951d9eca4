import { describe, expect, it } from "vitest";
import { applyMarkdown, changeBetween, type TextEdit } from "./markdown-edit.ts";

const PLACEHOLDERS = { text: "texto", link: "texto del enlace", alt: "texto alternativo" };

/** The edit, with the selection shown as [brackets] around it. */
function run(action: Parameters<typeof applyMarkdown>[0], marked: string): string {
  const start = marked.indexOf("[");
  const end = marked.indexOf("]") - 1;
  const text = marked.replace("[", "").replace("]", "");
  return show(applyMarkdown(action, text, start, end, PLACEHOLDERS));
}

function show({ text, selectionStart, selectionEnd }: TextEdit): string {
  return (
    text.slice(0, selectionStart) + "[" + text.slice(selectionStart, selectionEnd) + "]" + text.slice(selectionEnd)
  );
}

describe("applyMarkdown", () => {
  it("wraps the selection in bold or italic marks, or puts in a word to type over", () => {
    expect(run("bold", "Una [palabra] aquí")).toBe("Una **[palabra]** aquí");
    expect(run("italic", "Una [palabra] aquí")).toBe("Una *[palabra]* aquí");
    expect(run("bold", "Fin []")).toBe("Fin **[texto]**");
  });

  it("makes a link of the selection and selects the address to fill in", () => {
    // The link's own brackets and the selection's look alike here: the selection is the address.
    expect(run("link", "Lee [la guía]")).toBe("Lee [la guía]([https://])");
    expect(run("link", "[]")).toBe("[texto del enlace]([https://])");
  });

  it("inserts an image on its own line with its alt text selected", () => {
    expect(run("image", "Antes[]")).toBe("Antes\n![[texto alternativo]](https://…)");
    expect(run("image", "[]")).toBe("![[texto alternativo]](https://…)");
  });

  it("puts the uploaded image's address in when it has one", () => {
    const edit = applyMarkdown("image", "Antes", 5, 5, { ...PLACEHOLDERS, imageUrl: "/media/a.png" });
    expect(show(edit)).toBe("Antes\n![[texto alternativo]](/media/a.png)");
  });

  it("prefixes each selected line for headings, lists and quotes, and takes the prefix away again", () => {
    expect(run("heading", "Intro\nTí[]tulo\nFin")).toBe("Intro\n## Título[]\nFin");
    expect(run("list", "[uno\ndos]")).toBe("[- uno\n- dos]");
    expect(run("list", "[- uno\n- dos]")).toBe("[uno\ndos]");
    expect(run("quote", "a\n[cita]\nb")).toBe("a\n[> cita]\nb");
  });
});

describe("changeBetween", () => {
  it("replaces only the part that differs", () => {
    expect(changeBetween("Una palabra aquí", "Una **palabra** aquí")).toEqual({
      from: 4,
      to: 11,
      insert: "**palabra**",
    });
    expect(changeBetween("- uno\n- dos", "uno\ndos")).toEqual({ from: 0, to: 8, insert: "uno\n" });
    expect(changeBetween("abc", "abc")).toEqual({ from: 3, to: 3, insert: "" });
    expect(changeBetween("", "xy")).toEqual({ from: 0, to: 0, insert: "xy" });
  });

  it("applied to the text before, gives the text after", () => {
    for (const [before, after] of [
      ["aaa", "aaaa"],
      ["abab", "ab"],
      ["> cita\nb", "cita\nb"],
    ] as const) {
      const { from, to, insert } = changeBetween(before, after);
      expect(before.slice(0, from) + insert + before.slice(to)).toBe(after);
    }
  });
});
