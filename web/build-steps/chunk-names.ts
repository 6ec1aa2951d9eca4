import { fileURLToPath } from "node:url";
import type { Rollup } from "vite";

const ADMIN_DIR = fileURLToPath(new URL("../app/features/admin/", import.meta.url));

/**
 * A shared chunk's file name. Rollup names one after a module in it, so the admin's shared
 * code (`features/admin/shared/`, a group's API calls) would otherwise come out as
 * `admin-request-….js`, `articles-api-….js` or `use-admin-list-….js`. Every chunk that holds
 * admin code starts with `admin-`, as its route modules' chunks already do: `npm run bench --
 * bundles` counts the files a public page downloads by that name, and must keep finding them
 * (docs/decisions/0121-admin-grouped-by-task.md). Other chunks keep Vite's default name.
 */
export function chunkFileName(chunk: Pick<Rollup.PreRenderedChunk, "name" | "moduleIds">): string {
  const admin = chunk.moduleIds.some((id) => id.startsWith(ADMIN_DIR));
  return `assets/${admin && !chunk.name.startsWith("admin") ? "admin-" : ""}[name]-[hash].js`;
}
