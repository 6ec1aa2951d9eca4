import { afterEach, describe, expect, it } from "vitest";
import { act, renderHook } from "@testing-library/react";
import type { SessionPerson } from "@codcrm/core/staff/staff";
import { returnPath } from "./return-path.ts";
import { clearSession, signedInAs, useAdminSession } from "../shared/session-store.ts";

const person: SessionPerson = {
  id: "owner",
  email: "laura@codcrm.test",
  name: "Laura",
  role: "owner",
  state: "active",
  language: "en",
  slug: "laura",
  createdAt: "2026-12-01T10:00:00.000Z",
  hasPassword: true,
  permissions: ["session"],
};

describe("the admin session in the page", () => {
  afterEach(() => clearSession());

  it("keeps the person the server answered in memory only: nothing in localStorage or sessionStorage", () => {
    const { result } = renderHook(() => useAdminSession());
    act(() => signedInAs(person));
    expect(result.current).toEqual({ status: "signed-in", person });
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    act(() => clearSession(true));
    expect(result.current).toEqual({ status: "signed-out", expired: true });
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
