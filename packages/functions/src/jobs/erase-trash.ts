import { parseServerConfig } from "@codcrm/core/config/server-config.server";
import { createDeps, type Deps } from "../deps.ts";
import { boundSecrets } from "../http/route-lambda.ts";

/**
 * Erases the articles whose 30 days in the trash are over, with everything they hold (revisions,
 * slugs, counter, language claim): scheduled every hour on AWS (`handler`), run by the local
 * server at start and every hour (docs/decisions/0450-article-trash.md). Every read already
 * treats such an article as gone; the table's TTL removes its item a week later in case this
 * job has not run by then. Answers how many it erased.
 */
export async function eraseExpiredTrash(deps: Deps): Promise<number> {
  return (await deps.articles()).eraseTrash(deps.clock(), { expiredOnly: true });
}

let deps: Deps | undefined;

export async function handler(): Promise<number> {
  deps ??= createDeps(parseServerConfig({ ...process.env, ...(await boundSecrets()) }));
  const erased = await eraseExpiredTrash(deps);
  console.log(`Trash: ${erased} articles past their 30 days erased.`);
  return erased;
}
