import { describe, expect, it } from "vitest";
import { addTagText } from "./tag-draft.ts";

describe("text typed in the tag box", () => {
  it("becomes tags by the server's rule, each once", () => {
    expect(addTagText(["Envíos"], " Logística, logistica ,envios")).toEqual({
      tags: ["Envíos", "Logística"],
      left: "",
    });
    expect(addTagText(["Envíos"], "  ")).toEqual({ tags: ["Envíos"], left: "" });
  });

  it("keeps a name that cannot be a tag in the box, says which, and adds the others", () => {
    expect(addTagText([], "Envíos, !!!")).toEqual({
      tags: ["Envíos"],
      left: "!!!",
      problem: { code: "invalid", text: "!!!" },
    });
  });

  it("adds nothing past the limit of ten", () => {
    const ten = Array.from({ length: 10 }, (_, index) => `t${index}`);
    expect(addTagText(ten, "once")).toEqual({ tags: ten, left: "once", problem: { code: "too_many", text: "once" } });
  });
});
