// @vitest-environment jsdom
import { render } from "@testing-library/preact";
import { describe, expect, it } from "vitest";
import { TaggedText } from "./tagged-text.tsx";

const link = (text: string) => <a href="/es/privacidad">{text}</a>;

describe("tagged text", () => {
  it("renders the tagged part with the given element and the rest as text", () => {
    const { container } = render(
      <TaggedText
        text="Acepto la <privacyLink>política de privacidad</privacyLink> y el resto."
        tags={{ privacyLink: link }}
      />,
    );
    expect(container.innerHTML).toBe('Acepto la <a href="/es/privacidad">política de privacidad</a> y el resto.');
  });

  it("shows unknown tags and markup as the characters they are", () => {
    const { container } = render(
      <TaggedText
        text={'<b>negrita</b> <img src=x onerror="alert(1)"> <privacyLink>x</privacyLink>'}
        tags={{ privacyLink: link }}
      />,
    );
    expect(container.querySelector("b, img")).toBeNull();
    expect(container.textContent).toBe('<b>negrita</b> <img src=x onerror="alert(1)"> x');
    expect(container.querySelectorAll("a")).toHaveLength(1);
  });
});
