import { isStaffMail } from "@codcrm/core/staff/staff-mail";
// Zod Mini: this function parses with it alone, about 65 KB lighter than classic zod.
import * as z from "zod/mini";
import type { AdminLeadsResponse, AdminLeadsSection } from "@codcrm/core/lead/lead-api";
import { LEAD_INBOX_FILTERS } from "@codcrm/core/lead/lead-inbox";
import type { Deps } from "../deps.ts";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { LEAD_STORES } from "../deps/lead-stores.ts";
import { MAIL_STORES } from "../deps/mail-stores.ts";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { articleTitles } from "../lead/article-titles.ts";

const SECTIONS = ["leads", "spam", "outbox"] as const satisfies readonly AdminLeadsSection[];

const querySchema = z.object({
  /** One list only, to page through it with `cursor`. Without it: the first page of each. */
  section: z.optional(z.enum(SECTIONS, "invalid")),
  cursor: z.optional(z.string().check(z.maxLength(2000, "too_long"))),
  limit: z._default(
    z.coerce.number("invalid").check(z.int("invalid"), z.minimum(1, "invalid"), z.maximum(200, "too_long")),
    50,
  ),
  /**
   * The leads list searched (docs/decisions/0452-leads-as-an-inbox.md): every word of `q` in a
   * lead's name, address, company, phone, message or note, and its place in the inbox (`open`:
   * new and answered). Either one given reads the leads through the search, paged by position.
   */
  q: z._default(z.string().check(z.trim(), z.maxLength(200, "too_long")), ""),
  inbox: z.optional(z.enum(LEAD_INBOX_FILTERS, "invalid")),
});

/**
 * The "Mensajes" screen: leads with their delivery state, spam, and the local outbox's mails
 * when the outbox is the transport. Each list newest first, paged. Subscribers have a screen
 * and an endpoint of their own (`admin-subscribers-list`).
 */
export const route: RouteHandler = async (request, deps) => {
  const { section, cursor, limit, q, inbox } = parseWith(querySchema, request.query);
  const transport = (await deps.mail()).name;
  const wanted = section ? [section] : SECTIONS.filter((name) => name !== "outbox" || transport === "outbox");
  const page = { limit, cursor: section ? cursor : undefined };
  const search = q || inbox ? { q, inbox: inbox ?? "all" } : undefined;
  const body: AdminLeadsResponse = { transport, webhook: Boolean(deps.config.LEAD_WEBHOOK_URL) };
  for (const name of wanted) await readSection(body, name, page, deps, request.sourceIp, search);
  return json(200, body);
};

async function readSection(
  body: AdminLeadsResponse,
  name: AdminLeadsSection,
  page: { limit: number; cursor?: string },
  deps: Deps,
  sourceIp: string,
  search: { q: string; inbox: (typeof LEAD_INBOX_FILTERS)[number] } | undefined,
): Promise<void> {
  switch (name) {
    case "leads": {
      // Searched when asked (docs/decisions/0452-leads-as-an-inbox.md); each with its delivery to
      // the CRM (docs/decisions/0405-lead-webhook.md), and the titles of the articles their visits
      // read (docs/decisions/0403-lead-attribution-for-the-tab.md).
      const store = await deps.leads();
      const leads = search ? await store.search({ ...search, ...page }) : await store.list(page);
      const deliveries = await (await deps.leadWebhooks()).many(leads.items.map((lead) => lead.id));
      body.leads = {
        ...leads,
        items: leads.items.map((lead) => {
          const webhook = deliveries.get(lead.id);
          return webhook ? { ...lead, webhook } : lead;
        }),
      };
      const titles = await articleTitles(deps, leads.items);
      if (titles.size) body.articleTitles = Object.fromEntries(titles);
      return;
    }
    case "spam":
      body.spam = await (await deps.leads()).list({ ...page, spam: true });
      return;
    case "outbox": {
      // Each mail names its rendered page where the server shows one to this client, never
      // elsewhere: no link that would not answer (docs/decisions/0184-outbox-links-from-the-admin.md).
      const mails = await (await deps.outbox()).list(page);
      body.outbox = {
        ...mails,
        // A person's sign-in codes and invitations are theirs alone.
        items: mails.items
          .filter((mail) => !isStaffMail(mail.leadId))
          .map((mail) => {
            const shown = deps.outboxPage(mail.leadId, sourceIp);
            return shown ? { ...mail, page: shown } : mail;
          }),
      };
    }
  }
}

export const handler = lambda(route, ARTICLE_STORES, LEAD_STORES, MAIL_STORES);
