/**
 * `npm run leads:replay -- [--site URL] [--dry-run]`: sends again, now, every lead whose
 * delivery failed, through the site's admin API, as the admin's "retry" button does one lead at a
 * time (docs/runbook.md, "Replaying failed leads"). For a lead the retry job gave up on (not
 * retryable, or past its eighth attempt) this is the only way left; a retryable one is also
 * simply sent sooner. A lead is never sent twice: the API refuses one sent already, spam, or
 * one another sender holds.
 *
 * It signs in as a script does: with a personal API key, made in the admin (Ajustes, "Claves
 * de API") by a person whose role works the leads (an Editor or more), from CODCRM_API_KEY
 * (never an argument: it would stay in the shell's history; docs/decisions/0421-cookie-sessions-and-csrf.md).
 * The site is `--site` or SITE_URL, default http://localhost:3000 (the local server); on AWS,
 * the site's public address (the API answers only through CloudFront). Exits 0 when every failed
 * lead was delivered (or none failed), 1 when some failed again, 2 on a usage or sign-in error.
 */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { AdminLeadsResponse, RetryLeadResponse } from "@codcrm/core/lead/lead-api";
import type { Lead } from "@codcrm/core/lead/lead";

export interface ReplayOptions {
  site: string;
  /** A personal API key (`codcrm_…`). */
  apiKey: string;
  /** List what would be sent, send nothing. */
  dryRun?: boolean;
  log?: (line: string) => void;
}

export interface ReplayResult {
  failed: number;
  delivered: string[];
  stillFailing: { id: string; error: string }[];
}

export class ReplayError extends Error {}

/** A refusal's code or message as the API gave it: `{ error: { code, message } }`, or a retry's `error` code. */
function errorText(body: { error?: unknown } | undefined, status: number): string {
  const error = body?.error;
  if (typeof error === "string") return error;
  if (error && typeof error === "object" && "message" in error) return String(error.message);
  return `status ${status}`;
}

async function call<T>(
  site: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: (T & { error?: unknown }) | undefined }> {
  const response = await fetch(new URL(path, site), {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as T & { error?: unknown }) : undefined };
}

/** Every lead of the admin's list, page after page. */
async function allLeads(site: string, token: string): Promise<Lead[]> {
  const leads: Lead[] = [];
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ section: "leads", limit: "200", ...(cursor ? { cursor } : {}) });
    const page = await call<AdminLeadsResponse>(site, "GET", `/api/admin/leads?${query}`, token);
    if (page.status !== 200 || !page.body?.leads)
      throw new ReplayError(`Listing the leads answered ${page.status}: ${errorText(page.body, page.status)}`);
    leads.push(...page.body.leads.items);
    cursor = page.body.leads.nextCursor;
  } while (cursor);
  return leads;
}

export async function replayFailedLeads(options: ReplayOptions): Promise<ReplayResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const token = options.apiKey;
  // Who the key is, first: a refused key stops here with the API's own words.
  const whoami = await call<{ person: { name: string; role: string } | null }>(
    options.site,
    "GET",
    "/api/auth/session",
    token,
  );
  if (whoami.status !== 200 || !whoami.body?.person)
    throw new ReplayError(
      `Signing in to ${options.site} with CODCRM_API_KEY answered ${whoami.status === 200 ? 401 : whoami.status}: ${
        whoami.body?.person === null
          ? "the key is not valid (revoked, or its person suspended)"
          : errorText(whoami.body, whoami.status)
      }`,
    );
  {
    const failed = (await allLeads(options.site, token))
      .filter((lead) => lead.delivery.state === "failed")
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const result: ReplayResult = { failed: failed.length, delivered: [], stillFailing: [] };
    log(`${failed.length} lead(s) whose delivery failed on ${options.site}.`);
    for (const lead of failed) {
      const what = `${lead.id} (${lead.kind}, received ${lead.createdAt}, ${lead.delivery.attempts} attempt(s), last error ${lead.delivery.lastError ?? "?"})`;
      if (options.dryRun) {
        log(`would send ${what}`);
        continue;
      }
      const retried = await call<RetryLeadResponse>(
        options.site,
        "POST",
        `/api/admin/leads/${encodeURIComponent(lead.id)}/retry`,
        token,
      );
      if (retried.status === 200 && retried.body?.delivered) {
        result.delivered.push(lead.id);
        log(`delivered ${what}`);
      } else {
        const error = errorText(retried.body, retried.status);
        result.stillFailing.push({ id: lead.id, error });
        log(`NOT delivered ${what}: ${error}`);
      }
    }
    if (!options.dryRun) log(`${result.delivered.length} delivered, ${result.stillFailing.length} not delivered.`);
    return result;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: { site: { type: "string" }, "dry-run": { type: "boolean", default: false } },
  });
  const site = values.site ?? process.env.SITE_URL ?? "http://localhost:3000";
  const apiKey = process.env.CODCRM_API_KEY;
  if (!apiKey) {
    console.error(
      "Set CODCRM_API_KEY to a personal API key made in the admin, Ajustes → Claves de API (read -rs CODCRM_API_KEY; export CODCRM_API_KEY).",
    );
    process.exit(2);
  }
  try {
    const result = await replayFailedLeads({ site, apiKey, dryRun: values["dry-run"] });
    process.exit(result.stillFailing.length > 0 ? 1 : 0);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
}
