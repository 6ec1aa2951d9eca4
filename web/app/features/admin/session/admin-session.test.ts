import { afterEach, describe, expect, it } from "vitest";
import { returnPath } from "./return-path.ts";
import { ADMIN_FLAG_KEY, ADMIN_TOKEN_KEY, clearSession, readSession, saveSession } from "./admin-session.ts";

describe("admin session storage", () => {
  afterEach(() => localStorage.clear());

  it("keeps the admin_authenticated flag and the token, and clears both on sign-out", () => {
    saveSession({ token: "a.b.c", expiresAt: "2999-01-01T00:00:00.000Z", name: "Laura" });
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBe("true");
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBe("a.b.c");
    expect(readSession()).toEqual({ token: "a.b.c", expiresAt: "2999-01-01T00:00:00.000Z", name: "Laura" });
    clearSession();
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(readSession()).toBeNull();
  });

  it("is signed out without the flag, without a token, or past the token's expiry", () => {
    saveSession({ token: "a.b.c", expiresAt: "2030-01-01T00:00:00.000Z", name: "" });
    expect(readSession(Date.parse("2029-12-31T23:59:59Z"))).not.toBeNull();
    expect(readSession(Date.parse("2030-01-01T00:00:00Z"))).toBeNull();
    localStorage.setItem(ADMIN_FLAG_KEY, "false");
    expect(readSession(0)).toBeNull();
    localStorage.setItem(ADMIN_FLAG_KEY, "true");
    localStorage.removeItem(ADMIN_TOKEN_KEY);
    expect(readSession(0)).toBeNull();
  });
});

describe("returnPath", () => {
  it("returns to the admin page the visitor came from, with its query and hash", () => {
    expect(returnPath({ from: { pathname: "/admin/mensajes", search: "?a=1", hash: "#x" } })).toBe(
      "/admin/mensajes?a=1#x",
    );
  });

  it("goes to /admin/blog without an origin, from the login itself, or from outside the admin", () => {
    for (const state of [
      null,
      undefined,
      {},
      { from: { pathname: "/admin/login" } },
      { from: { pathname: "/es/blog" } },
      { from: { pathname: "//evil.example/admin/" } },
      { from: { pathname: 42 } },
    ]) {
      expect(returnPath(state)).toBe("/admin/blog");
    }
  });
});
