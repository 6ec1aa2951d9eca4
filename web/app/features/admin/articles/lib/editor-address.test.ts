import { describe, expect, it } from "vitest";
import { editorPath, listSearch, readEditorAddress } from "./editor-address.ts";

const params = (search: string) => new URLSearchParams(search);

describe("the editor's address", () => {
  it("reads the list, an article, a new one and a translation", () => {
    expect(readEditorAddress(undefined, params("q=envios"))).toEqual({ kind: "list" });
    expect(readEditorAddress("1764000000000abcd", params(""))).toEqual({ kind: "edit", id: "1764000000000abcd" });
    expect(readEditorAddress("nuevo", params(""))).toEqual({ kind: "new" });
    expect(readEditorAddress("nuevo", params("traducir=en&de=17a"))).toEqual({
      kind: "translate",
      sourceId: "17a",
      language: "en",
    });
  });

  it("takes a translation without a known language or source for a new article", () => {
    expect(readEditorAddress("nuevo", params("traducir=fr&de=17a"))).toEqual({ kind: "new" });
    expect(readEditorAddress("nuevo", params("traducir=en"))).toEqual({ kind: "new" });
  });

  it("writes each address with the list's search, and reads back what it wrote", () => {
    const search = params("q=env%C3%ADos&estado=draft");
    expect(editorPath({ kind: "edit", id: "17a" }, search)).toBe("/admin/blog/17a?q=env%C3%ADos&estado=draft");
    expect(editorPath({ kind: "new" }, params(""))).toBe("/admin/blog/nuevo");
    const translation = editorPath({ kind: "translate", sourceId: "17a", language: "pt" }, search);
    expect(translation).toBe("/admin/blog/nuevo?q=env%C3%ADos&estado=draft&traducir=pt&de=17a");
    const [path, query] = translation.split("?") as [string, string];
    expect(readEditorAddress(path.split("/").pop(), params(query))).toEqual({
      kind: "translate",
      sourceId: "17a",
      language: "pt",
    });
    // Closing a translation returns to the list as it was searched.
    expect(editorPath({ kind: "list" }, params(query))).toBe("/admin/blog?q=env%C3%ADos&estado=draft");
    expect(listSearch(params(query)).toString()).toBe("q=env%C3%ADos&estado=draft");
  });
});
