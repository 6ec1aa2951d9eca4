// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import es from "../../../../../../locales/es.json";
import { RevisionDiff } from "./revision-diff.tsx";
import { renderWithStrings } from "../../../../i18n/with-strings.testing.tsx";

function show(before: string, after: string) {
  return renderWithStrings(<RevisionDiff label="Contenido" before={before} after={after} />).container;
}

describe("a revision compared word by word with the current text", () => {
  it("marks removed words with <del> and added ones with <ins>, each named in words", () => {
    const container = show("El envío llega el lunes.", "El envío llega el martes sin coste.");
    expect([...container.querySelectorAll("del")].map((node) => node.textContent)).toEqual([
      `${es.admin.editor.history.removedMark} lunes`,
    ]);
    expect([...container.querySelectorAll("ins")].map((node) => node.textContent)).toEqual([
      `${es.admin.editor.history.addedMark} martes sin coste`,
    ]);
    // The unchanged words are shown once, as they are.
    expect(screen.getByTestId("revision-diff").textContent).toMatch(/^El envío llega el /);
  });

  it("says so when nothing changed", () => {
    const container = show("Igual.", "Igual.");
    expect(container.querySelector("ins, del")).toBeNull();
    expect(screen.getByText(es.admin.editor.history.same)).toBeTruthy();
  });
});
