/// <reference lib="dom" />
import { expect, test } from "./fixtures.ts";

// The comparison on a phone: every figure of the table and its caption shown, none beyond the
// screen's edge, nothing hidden in a sideways scroller. The table's cells are the reference.
for (const path of ["/es", "/en", "/pt", "/es/precios", "/en/precios", "/pt/precios"]) {
  test(`${path}: the competitor comparison reads completely at 390 px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(path);
    const comparison = page.locator("#comparativa");
    await comparison.scrollIntoViewIfNeeded();
    // Sections below the first screen render as they come near (content-visibility): the frame
    // after the scroll lays them out; until then their text is not shown.
    await expect
      .poll(() =>
        comparison.evaluate((section) => {
          const caption = section.querySelector("table caption")?.textContent?.replace(/\s+/g, " ").trim() ?? "";
          return caption.length > 0 && (section as HTMLElement).innerText.replace(/\s+/g, " ").includes(caption);
        }),
      )
      .toBe(true);
    const report = await comparison.evaluate((section) => {
      const width = document.documentElement.clientWidth;
      const flat = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();
      const displayed = Array.from(section.querySelectorAll<HTMLElement>("*")).filter(
        (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden",
      );
      const shownText = flat((section as HTMLElement).innerText);
      // The first column's header ("Volume") is left out: on a phone each card is headed by its
      // volume, which names itself ("10,000 shipments/month"); every other header labels figures.
      const cells = Array.from(
        section.querySelectorAll("table caption, table thead th:not(:first-child), table tbody th, table td"),
        (cell) => flat(cell.textContent),
      );
      return {
        width,
        cells: cells.length,
        notShown: cells.filter((text) => !shownText.includes(text)),
        beyondEdge: displayed
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return box.left < 0 || box.right > width + 0.5;
          })
          .map((element) => element.outerHTML.slice(0, 100)),
        scrolledAway: displayed
          .filter((element) => element.scrollWidth > element.clientWidth + 1)
          .map((element) => element.outerHTML.slice(0, 100)),
        pageOverflow: document.documentElement.scrollWidth - width,
      };
    });
    expect(report.width).toBe(390);
    // Caption, three column headers, three rows of a heading and three figures.
    expect(report.cells).toBe(1 + 3 + 3 * 4);
    expect(report.notShown).toEqual([]);
    expect(report.beyondEdge).toEqual([]);
    expect(report.scrolledAway).toEqual([]);
    expect(report.pageOverflow).toBeLessThanOrEqual(0);
    await context.close();
  });
}
