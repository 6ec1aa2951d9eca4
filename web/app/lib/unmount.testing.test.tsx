import { render } from "@testing-library/preact";
import { useEffect } from "react";
import { describe, expect, it } from "vitest";
import { unmountAll } from "./unmount.testing.ts";

describe("unmountAll", () => {
  it("has run every effect cleanup of the unmounted trees when it returns", () => {
    const ran: string[] = [];
    function Listener() {
      useEffect(() => {
        const onResize = () => undefined;
        window.addEventListener("resize", onResize);
        return () => {
          window.removeEventListener("resize", onResize);
          ran.push("cleanup");
        };
      }, []);
      return <p>listening</p>;
    }
    const { container } = render(<Listener />);
    expect(container.textContent).toBe("listening");

    unmountAll();

    expect(ran).toEqual(["cleanup"]);
    expect(document.body.textContent).toBe("");
  });
});
