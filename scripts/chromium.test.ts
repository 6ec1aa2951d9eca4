import { chromium, type Browser } from "@playwright/test";
import { beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_CHROMIUM_ARGS } from "./chromium.ts";

/** The browser's own targets (pages and the browser's UI) and the switches it was started with. */
async function inspect(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("chrome://version");
  const commandLine = await page.locator("#command_line").innerText();
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send("Target.getTargets");
  await context.close();
  const disabled = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((match) => (match[1] ?? "").split(","));
  return { targets: targetInfos.map((target) => `${target.type} ${target.url}`), disabled };
}

describe("the browser tests' Chromium flags", () => {
  let withTestFlags: Awaited<ReturnType<typeof inspect>>;
  let withCommonFlags: Awaited<ReturnType<typeof inspect>>;

  beforeAll(async () => {
    const launched = async (args: string[]) => {
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args });
      try {
        return await inspect(browser);
      } finally {
        await browser.close();
      }
    };
    withTestFlags = await launched(TEST_CHROMIUM_ARGS);
    withCommonFlags = await launched(CHROMIUM_ARGS);
  });

  it("keep every feature Playwright turns off (Chromium reads only the last --disable-features)", () => {
    expect(withTestFlags.disabled.length).toBeGreaterThan(1);
    const last = new Set(withTestFlags.disabled.at(-1));
    const dropped = withTestFlags.disabled.slice(0, -1).flatMap((features) => features.filter((f) => !last.has(f)));
    expect(dropped, "add these to PLAYWRIGHT_DISABLED_FEATURES in scripts/chromium.ts").toEqual([]);
  });

  it("open no browser UI page beside the test's own (the common flags do: the check sees it)", () => {
    const browserUi = (targets: string[]) => targets.filter((target) => !target.startsWith("page "));
    expect(browserUi(withCommonFlags.targets).length).toBeGreaterThan(0);
    expect(browserUi(withTestFlags.targets)).toEqual([]);
  });
});
