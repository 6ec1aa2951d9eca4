import type { Deps } from "../deps.ts";
import type { RouteEntry } from "../routes.ts";
import type { ApiRequest, ApiResponse } from "./api.ts";

/** The item an admin path is about: `/api/admin/articles/{id}/…` is the article `id`. */
function itemOf(entry: RouteEntry, request: ApiRequest): { kind: string; item: string } {
  const id = request.params.id;
  const kind = /^\/api\/admin\/(\w[\w-]*)/.exec(entry.path)?.[1] ?? "site";
  const singular: Record<string, string> = {
    articles: "article",
    leads: "lead",
    media: "media",
    staff: "staff",
    me: "staff",
  };
  if (kind === "me") return { kind: "staff", item: request.person?.id ?? "" };
  return { kind: singular[kind] ?? kind, item: id ?? "-" };
}

/**
 * Keeps every state-changing call that succeeded in the audit trail: who (the signed-in person,
 * or the one a sign-in admitted), what (the route's name), when, which item, and the short before
 * and after the handler gave (docs/decisions/0424-audit-trail.md). Here, after the handler, for
 * every route of the table: a route added tomorrow is kept without a line of its own.
 */
export async function recordAudit(
  entry: RouteEntry,
  request: ApiRequest,
  response: ApiResponse,
  deps: Deps,
): Promise<void> {
  if (entry.method === "GET" || response.status >= 400 || response.audit === false) return;
  const note = response.audit ?? {};
  const by = request.person ?? note.by;
  if (!by) return; // a public write no one signed in made (a contact form, a view)
  const target = itemOf(entry, request);
  await (
    await deps.audit()
  ).record({
    at: deps.clock(),
    by: by.id,
    byName: by.name,
    action: entry.name,
    kind: note.kind ?? target.kind,
    item: note.item ?? target.item,
    summary: note.summary,
    before: note.before,
    after: note.after,
    coalesce: note.coalesce,
    via: request.person?.via,
  });
}
