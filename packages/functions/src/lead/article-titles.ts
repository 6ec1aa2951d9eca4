import type { Lead } from "@codcrm/core/lead/lead";
import type { Deps } from "../deps.ts";

/** The titles of the articles these leads' visits read, by id (an article deleted since is left out). */
export async function articleTitles(deps: Deps, leads: readonly Pick<Lead, "source">[]): Promise<Map<string, string>> {
  const ids = [...new Set(leads.flatMap((lead) => lead.source?.articles ?? []))];
  if (ids.length === 0) return new Map();
  return (await deps.articles()).titles(ids);
}
