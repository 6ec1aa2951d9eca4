// @vitest-environment jsdom
import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useAdminList } from "./use-admin-list.ts";

/** A promise the test settles when it chooses. */
function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe("useAdminList", () => {
  it("shows the answer of the latest fetch, even when an earlier one arrives after it", async () => {
    const slow = later<string>();
    const fast = later<string>();
    const { result, rerender } = renderHook(({ fetch }) => useAdminList(fetch), {
      initialProps: { fetch: () => slow.promise },
    });
    // The filter changes before the first answer came: a second fetch.
    rerender({ fetch: () => fast.promise });
    await act(async () => fast.resolve("últimos 7 días"));
    await waitFor(() => expect(result.current.data).toBe("últimos 7 días"));
    await act(async () => slow.resolve("últimos 30 días"));
    expect(result.current.data).toBe("últimos 7 días");
  });
});
