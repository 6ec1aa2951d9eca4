/** Where the login sends the administrator back to (location state). */
export interface LoginState {
  from?: { pathname: string; search?: string; hash?: string };
  /** The session ended because the API refused the token. */
  expired?: boolean;
}

/** The location state as the login reads it: anything else (a reload, another page's state) counts as none. */
export function loginState(state: unknown): LoginState {
  if (typeof state !== "object" || state === null) return {};
  const from = "from" in state && typeof state.from === "object" ? state.from : null;
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return {
    from:
      from && "pathname" in from && typeof from.pathname === "string"
        ? {
            pathname: from.pathname,
            search: "search" in from ? text(from.search) : undefined,
            hash: "hash" in from ? text(from.hash) : undefined,
          }
        : undefined,
    expired: "expired" in state && state.expired === true,
  };
}

/** Only admin pages other than the login itself are places to return to. */
export function returnPath(state: unknown): string {
  const { from } = loginState(state);
  if (!from) return "/admin/blog";
  const { pathname } = from;
  if (!pathname.startsWith("/admin/") || pathname === "/admin/login" || pathname.startsWith("//")) return "/admin/blog";
  return `${pathname}${from.search ?? ""}${from.hash ?? ""}`;
}
