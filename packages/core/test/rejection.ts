import { expect } from "vitest";

/** What `promise` rejects with, once checked to be an instance of `type` (a promise that resolves fails the test). */
export async function rejectionOf<T>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => T,
): Promise<T> {
  const reason = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(reason).toBeInstanceOf(type);
  return reason as T;
}
