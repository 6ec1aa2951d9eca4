/// <reference lib="dom" />
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The whole-page scans' rules: WCAG 2.0 and 2.1, A and AA, and axe's best practices. */
export const WCAG_AND_BEST_PRACTICE = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * What axe finds wrong on `page` (within `include` when given: a dialog over a page scanned
 * before), one line per rule: "rule: target, target". Every rule axe has runs unless `tags`
 * narrows them.
 *
 * Two settings change how the scan runs, not what it checks (docs/testing.md,
 * docs/decisions/0193-axe-scans-in-the-page.md): axe runs inside the page itself ("legacy"
 * mode; the default runs a part in each frame and opens a blank page to put the parts
 * together, a context's second renderer, for pages with cross-origin frames, which no scanned
 * page has), and it only assembles its violations (`resultTypes`; the passes, which the tests
 * never read, are reduced to one example each instead of every element checked). Together
 * about half of a scan's time.
 */
export async function axeViolations(
  page: Page,
  options: { include?: string; tags?: string[] } = {},
): Promise<string[]> {
  const scan = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  if (options.include) scan.include(options.include);
  if (options.tags) scan.withTags(options.tags);
  const { violations } = await scan.analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
