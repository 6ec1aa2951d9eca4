import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsReport } from "@codcrm/core/analytics/report";
import { analyticsDay } from "@codcrm/core/analytics/visitor";
import { AnalyticsStore } from "@codcrm/core/db/analytics-store";
import { buildReport, rangeDays } from "@codcrm/core/analytics/report";
import {
  BROWSER_USER_AGENT,
  beacon,
  createArticle,
  AS_DEPLOYED,
  signedInServer,
  startTestServer,
  viewArticle,
  viewCountOf,
  type TestServer,
} from "./test-server.ts";

/**
 * The page-view beacon's route (docs/decisions/0400-first-party-page-views.md) through the local
 * server on the embedded store: the article's "N visitas" (one per client per window, as 0323
 * set it), the day's counters, the visitor counted once a day under a daily salt that is gone
 * the next day, and what is never counted or kept.
 */
let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await signedInServer(AS_DEPLOYED)));
afterAll(() => server.close());

const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36";
const TABLET =
  "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

async function publishedArticle(title: string): Promise<{ id: string; slug: string }> {
  return (await createArticle(server, token, { title, content: "Texto.", published: true })) as {
    id: string;
    slug: string;
  };
}

/** A view from `client` with these extra headers; 204 expected. */
async function view(body: Record<string, unknown>, client: string, headers: Record<string, string> = {}) {
  expect(await beacon(server, "/api/views", body, { "cloudfront-viewer-address": `${client}:1`, ...headers })).toBe(
    204,
  );
}

async function report(days = 7): Promise<AnalyticsReport> {
  const answer = await server.api<AnalyticsReport>("GET", `/api/admin/analytics?days=${days}`, { token });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Every item of a server's table, as stored. */
async function everyItem(of: TestServer = server): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await (
      await of.deps.db()
    ).send(new ScanCommand({ TableName: of.deps.config.TABLE_NAME, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** One day's counter item (`DAY` or `page#…`), as stored. */
async function dayItem(item: string, day = analyticsDay(server.clock.now)) {
  return (await everyItem()).find((stored) => stored.pk === `STATS#${day}` && stored.sk === item) ?? {};
}

describe("an article's views, from the page's beacon", () => {
  it("count once per client per article per 30 minutes", async () => {
    const { id } = await publishedArticle("Vistas por cliente");
    const other = await publishedArticle("Otra vista por cliente");
    for (let i = 0; i < 20; i++) expect(await viewArticle(server, id, "10.30.0.1")).toBe(204);
    expect(await viewCountOf(server, id)).toBe(51);
    await viewArticle(server, other.id, "10.30.0.1");
    expect(await viewCountOf(server, other.id)).toBe(51);
    await viewArticle(server, id, "10.30.0.2");
    expect(await viewCountOf(server, id)).toBe(52);
    server.clock.advance(29 * 60_000);
    await viewArticle(server, id, "10.30.0.1");
    expect(await viewCountOf(server, id)).toBe(52);
    server.clock.advance(60_000);
    await viewArticle(server, id, "10.30.0.1");
    expect(await viewCountOf(server, id)).toBe(53);
  });

  it("known bots and requests without a User-Agent count nothing, the day's counters included", async () => {
    const { id } = await publishedArticle("Vistas de robots");
    const before = await dayItem("DAY");
    for (const agent of [
      "Googlebot/2.1 (+http://www.google.com/bot.html)",
      "curl/8.5.0",
      "python-requests/2.31",
      "",
      "   ",
    ]) {
      expect(await viewArticle(server, id, "10.31.0.1", agent), JSON.stringify(agent)).toBe(204);
    }
    expect(await viewCountOf(server, id)).toBe(50);
    expect((await dayItem("DAY")).views).toBe(before.views);
    await viewArticle(server, id, "10.31.0.1");
    expect(await viewCountOf(server, id)).toBe(51);
  });

  it("the article a page shows for a missing one, a draft or a made-up id is no view of it: the page counts as not found", async () => {
    const { id, slug } = await publishedArticle("Vistas sin artículo");
    const draft = (await createArticle(server, token, { title: "Borrador visto", content: "Texto." })) as {
      id: string;
    };
    const notFound = Number((await dayItem("page#(not found)")).views ?? 0);
    await view({ p: `/es/blog/no-existe-${slug}` }, "10.33.0.1");
    await view({ p: `/es/blog/${draft.id}`, a: draft.id }, "10.33.0.1");
    await view({ p: "/es/blog/inventado", a: "inventado" }, "10.33.0.1");
    expect(await viewCountOf(server, id)).toBe(50);
    expect((await dayItem("page#(not found)")).views).toBe(notFound + 3);
    expect(await dayItem(`article#${draft.id}`)).toEqual({});
    expect(await dayItem("page#/es/blog/inventado")).toEqual({});
  });

  it("the window is a setting", async () => {
    const short = await startTestServer({ env: { TRUST_CLIENT_ADDRESS_HEADER: "1", VIEW_WINDOW_MINUTES: "5" } });
    try {
      const { id } = (await createArticle(short, await short.login(), {
        title: "Ventana corta",
        content: "Texto.",
        published: true,
      })) as { id: string };
      await viewArticle(short, id);
      expect(await viewCountOf(short, id)).toBe(51);
      short.clock.advance(4 * 60_000);
      await viewArticle(short, id);
      expect(await viewCountOf(short, id)).toBe(51);
      short.clock.advance(60_000);
      await viewArticle(short, id);
      expect(await viewCountOf(short, id)).toBe(52);
    } finally {
      await short.close();
    }
  });
});

describe("the day's visitors", () => {
  it("one visitor counts once a day and again the next day; yesterday's salt is gone, and no address is kept", async () => {
    const fresh = await signedInServer({ env: { TRUST_CLIENT_ADDRESS_HEADER: "1" } });
    try {
      const send = (path: string) =>
        beacon(fresh.server, "/api/views", { p: path }, { "cloudfront-viewer-address": "10.40.1.7:4000" });
      // 23:30 in Madrid on the 21st (UTC+1 in November).
      fresh.server.clock.now = new Date("2026-11-21T22:30:00.000Z");
      for (const path of ["/es", "/es/precios", "/es/servicios"]) expect(await send(path)).toBe(204);
      const salts = await fresh.server.deps.analytics();
      const first = await salts.storedSalt();
      expect(first?.day).toBe("2026-11-21");
      // Its TTL is the end of its Madrid day.
      expect(first?.expiresAt).toBe(Date.parse("2026-11-21T23:00:00.000Z") / 1000);

      fresh.server.clock.advance(60 * 60_000); // 00:30 on the 22nd in Madrid
      for (const path of ["/es", "/es/blog"]) expect(await send(path)).toBe(204);
      const second = await salts.storedSalt();
      expect(second?.day).toBe("2026-11-22");
      expect(second?.salt).not.toBe(first?.salt);

      // Signed in anew: the clock moved past the first token's life.
      const answer = await fresh.server.api<AnalyticsReport>("GET", "/api/admin/analytics?days=7", {
        token: await fresh.server.login(),
      });
      const days = Object.fromEntries(answer.body.daily.map((day) => [day.day, day]));
      expect(days["2026-11-21"]).toMatchObject({ views: 3, visitors: 1 });
      expect(days["2026-11-22"]).toMatchObject({ views: 2, visitors: 1 });
      // A range's uniques are its days' uniques added: a daily salt cannot link two days.
      expect(answer.body.totals.visitors).toBe(2);

      const stored = JSON.stringify(await everyItem(fresh.server));
      // Yesterday's salt is nowhere in the store, nor is the visitor's address in any form it came in.
      expect(stored).not.toContain(first!.salt);
      expect(stored).not.toContain("10.40.1.7");
    } finally {
      await fresh.server.close();
    }
  });

  it("Sec-GPC: 1 counts the view without a visitor hash", async () => {
    const day = analyticsDay(server.clock.now);
    const before = await dayItem("DAY", day);
    const marks = (await everyItem()).filter((item) => String(item.pk).startsWith(`VISITOR#${day}#`)).length;
    await view({ p: "/es/sobre-nosotros" }, "10.41.0.1", { "sec-gpc": "1" });
    const after = await dayItem("DAY", day);
    expect(Number(after.views)).toBe(Number(before.views ?? 0) + 1);
    expect(after.visitors).toBe(before.visitors);
    expect((await everyItem()).filter((item) => String(item.pk).startsWith(`VISITOR#${day}#`)).length).toBe(marks);
    // The same visitor without the signal is a visitor.
    await view({ p: "/es/sobre-nosotros" }, "10.41.0.1");
    expect(Number((await dayItem("DAY", day)).visitors)).toBe(Number(before.visitors ?? 0) + 1);
  });

  it("adds the viewer's country (unknown without CloudFront's header) and the device class", async () => {
    const day = analyticsDay(server.clock.now);
    const countries = ["PT", "BR", "unknown"];
    const views = async () =>
      Promise.all(countries.map(async (country) => Number((await dayItem(`country#${country}`, day)).views ?? 0)));
    const before = await dayItem("DAY", day);
    const countedBefore = await views();
    await view({ p: "/pt" }, "10.42.0.1", { "cloudfront-viewer-country": "PT", "user-agent": PHONE });
    await view({ p: "/pt" }, "10.42.0.2", { "user-agent": TABLET });
    await view({ p: "/pt" }, "10.42.0.3", { "cloudfront-viewer-country": "br", "sec-ch-ua-mobile": "?1" });
    await view({ p: "/pt" }, "10.42.0.4", { "cloudfront-viewer-country": "not a country" });
    const after = await dayItem("DAY", day);
    const grew = (name: string) => Number(after[name] ?? 0) - Number(before[name] ?? 0);
    expect((await views()).map((count, index) => count - countedBefore[index]!)).toEqual([1, 1, 2]);
    expect([grew("device.phone"), grew("device.tablet"), grew("device.desktop")]).toEqual([2, 1, 1]);
    expect(grew("lang.pt")).toBe(4);
  });

  it("a visit's first page says where it came from; the pages after it and this site as referrer do not", async () => {
    const { id } = await publishedArticle("Artículo de campaña");
    await view(
      { p: "/es/blog/x", a: id, e: 1, f: 1, r: "news.example.com", u: { source: "Newsletter", campaign: "otoño" } },
      "10.43.0.1",
    );
    await view({ p: "/es/precios" }, "10.43.0.1");
    await view({ p: "/es", e: 1, r: "www.codcrm.com" }, "10.43.0.2");
    await view({ p: "/es", e: 1, r: "WWW.Search.example" }, "10.43.0.3");
    const { sources, campaigns, articles, pages } = await report();
    const visits = (name: string) => sources.find((row) => row.source === name)?.visits;
    // utm_source wins over the referrer, lower-cased; a referrer that is this site is direct.
    expect(visits("newsletter")).toBe(1);
    expect(visits("search.example")).toBe(1);
    expect(visits("direct")).toBeGreaterThanOrEqual(1);
    expect(campaigns.find((row) => row.campaign === "otoño")).toMatchObject({ visits: 1, leads: 0 });
    expect(articles.find((row) => row.id === id)).toMatchObject({ views: 1, readers: 1, title: "Artículo de campaña" });
    expect(pages.find((row) => row.path === "/es/blog/x")).toMatchObject({ views: 1, entries: 1, language: "es" });
  });

  it("the admin's pages and preview links are not pages of the site: nothing counts", async () => {
    const before = await dayItem("DAY");
    for (const path of ["/admin/blog", "/es/blog/preview/abc.def", "/api/views", "/nada"])
      await view({ p: path }, "10.44.0.1");
    expect((await dayItem("DAY")).views).toBe(before.views);
  });

  it("answers a beacon without a cookie", async () => {
    const response = await fetch(`${server.url}/api/views`, {
      method: "POST",
      headers: { "user-agent": BROWSER_USER_AGENT, "content-type": "text/plain;charset=UTF-8" },
      body: JSON.stringify({ p: "/es" }),
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});

describe("the days that are over", () => {
  it("are read from their partitions once, then from one item each: the same figures, one batch read", async () => {
    const fresh = await signedInServer({ env: { TRUST_CLIENT_ADDRESS_HEADER: "1" } });
    try {
      for (const [day, visitors] of [
        ["2026-11-18T10:00:00.000Z", 3],
        ["2026-11-19T10:00:00.000Z", 2],
      ] as const) {
        fresh.server.clock.now = new Date(day);
        for (let visitor = 0; visitor < visitors; visitor++)
          await beacon(
            fresh.server,
            "/api/views",
            { p: "/es/precios", e: 1, u: { campaign: "cerrado" } },
            {
              "cloudfront-viewer-address": `10.47.0.${visitor}:1`,
            },
          );
      }
      fresh.server.clock.now = new Date("2026-11-21T10:00:00.000Z");
      const token = await fresh.server.login();
      const first = await fresh.server.api<AnalyticsReport>("GET", "/api/admin/analytics?days=7", { token });
      expect(first.body.campaigns).toEqual([{ campaign: "cerrado", visits: 5, leads: 0, conversion: 0 }]);
      const db = await fresh.server.deps.db();
      const calls: string[] = [];
      db.middlewareStack.add(
        (next, context) => async (args) => {
          calls.push(String(context.commandName));
          return next(args);
        },
        { step: "initialize", name: "countDashboardReads" },
      );
      // A new function's store (nothing in its memory): the 18th and 19th come from one item each.
      const days = rangeDays("2026-11-21", 7);
      const again = await new AnalyticsStore(db, fresh.server.deps.config.TABLE_NAME).days(days, "2026-11-20");
      expect(calls.filter((name) => name === "QueryCommand")).toHaveLength(2); // the 20th and the 21st
      expect(calls.filter((name) => name.startsWith("BatchGet"))).toHaveLength(1);
      expect(buildReport(7, again)).toEqual(
        buildReport(7, await fresh.server.deps.analytics().then((a) => a.days(days))),
      );
    } finally {
      await fresh.server.close();
    }
  });
});

describe("exact counts", () => {
  // 2,000 visitors at once on one article: articles-api.test.ts. Here, visitors who come back.
  it("of 500 simulated visitors over two days, some twice, each view counted once and each visitor once a day", async () => {
    const fresh = await signedInServer({ env: { TRUST_CLIENT_ADDRESS_HEADER: "1" } });
    try {
      fresh.server.clock.now = new Date("2026-11-24T09:00:00.000Z");
      const pages = ["/es", "/en/precios", "/pt/servicios", "/es/blog", "/en/contacto"];
      const countries = ["ES", "PT", "MX", "BR"];
      const expected: Record<
        string,
        { views: number; visitors: number; countries: Record<string, number>; pages: Record<string, number> }
      > = {};
      const day = (offset: number) => (offset === 0 ? "2026-11-24" : "2026-11-25");
      const views: { offset: number; visitor: number; page: string; country: string }[] = [];
      for (let visitor = 0; visitor < 500; visitor++) {
        // Each visitor comes one or both days, and views one or two pages a day.
        for (const offset of visitor % 4 === 0 ? [0, 1] : [visitor % 2]) {
          const count = 1 + (visitor % 3 === 0 ? 1 : 0);
          const counted = (expected[day(offset)] ??= { views: 0, visitors: 0, countries: {}, pages: {} });
          counted.visitors += 1;
          for (let n = 0; n < count; n++) {
            const page = pages[(visitor + n) % pages.length]!;
            const country = countries[visitor % countries.length]!;
            views.push({ offset, visitor, page, country });
            counted.views += 1;
            counted.countries[country] = (counted.countries[country] ?? 0) + 1;
            counted.pages[page] = (counted.pages[page] ?? 0) + 1;
          }
        }
      }
      for (const offset of [0, 1]) {
        const today = views.filter((entry) => entry.offset === offset);
        // Fifty at a time, as a busy site's functions would write them.
        for (let start = 0; start < today.length; start += 50) {
          const statuses = await Promise.all(
            today.slice(start, start + 50).map(({ visitor, page, country }) =>
              beacon(
                fresh.server,
                "/api/views",
                { p: page },
                {
                  "cloudfront-viewer-address": `10.${50 + (visitor >> 8)}.${visitor & 255}.9:1`,
                  "cloudfront-viewer-country": country,
                },
              ),
            ),
          );
          expect(statuses.every((status) => status === 204)).toBe(true);
        }
        if (offset === 0) fresh.server.clock.advance(24 * 3600_000);
      }
      const answer = await fresh.server.api<AnalyticsReport>("GET", "/api/admin/analytics?days=7", {
        token: await fresh.server.login(),
      });
      const got = Object.fromEntries(answer.body.daily.map((entry) => [entry.day, entry]));
      for (const [date, counted] of Object.entries(expected)) {
        expect(got[date], date).toMatchObject({ views: counted.views, visitors: counted.visitors });
      }
      const total = Object.values(expected).reduce((sum, counted) => sum + counted.views, 0);
      expect(answer.body.totals.views).toBe(total);
      expect(views.length).toBe(total);
      for (const country of countries) {
        const want = Object.values(expected).reduce((sum, counted) => sum + (counted.countries[country] ?? 0), 0);
        expect(answer.body.countries.find((row) => row.country === country)?.views, country).toBe(want);
      }
      for (const page of pages) {
        const want = Object.values(expected).reduce((sum, counted) => sum + (counted.pages[page] ?? 0), 0);
        expect(answer.body.pages.find((row) => row.path === page)?.views, page).toBe(want);
      }
    } finally {
      await fresh.server.close();
    }
  });
});
