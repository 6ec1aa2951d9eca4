import { isbot } from "isbot";
import { viewIncrements } from "@codcrm/core/analytics/counters";
import { countedPage, deviceClass, pageKind, pageViewSchema, viewerCountry } from "@codcrm/core/analytics/page-view";
import { analyticsDay, asksNotToBeTracked, visitorHash } from "@codcrm/core/analytics/visitor";
import { sourceName } from "@codcrm/core/lead/lead-source";
import { ANALYTICS_STORES } from "../deps/analytics-stores.ts";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { parseWith, type RouteHandler } from "../http/api.ts";
import { hashedClient } from "../http/client-hash.ts";
import { visitorLambda } from "../http/visitor-lambda.ts";

/**
 * One page view from the page's beacon (docs/decisions/0400-first-party-page-views.md). The
 * server adds what the page does not say: the country (CloudFront's viewer country; "unknown"
 * locally), the device class, and whether this is the visitor's first view today (a hash of the
 * day's salt, the address, the User-Agent and the site: never stored with the address, never
 * made for a visitor who sends `Sec-GPC: 1`). An article shown as itself counts as a view of it,
 * once per client per window, as its "N visitas" always did (docs/decisions/0323-article-views.md).
 * Bots and requests without a User-Agent count nothing. Always 204: the beacon reads no answer.
 */
export const route: RouteHandler = async (request, deps) => {
  const userAgent = (request.headers["user-agent"] ?? "").trim();
  if (!userAgent || isbot(userAgent)) return { status: 204 };
  const view = parseWith(pageViewSchema, request.body);
  const kind = pageKind(view.p);
  if (!kind) return { status: 204 };
  const now = deps.clock();
  const day = analyticsDay(now);
  const analytics = await deps.analytics();
  const site = new URL(deps.config.SITE_URL).host;

  const firstToday = async () => {
    if (asksNotToBeTracked(request.headers["sec-gpc"])) return false;
    const salt = await analytics.saltOf(day, now);
    return analytics.firstVisitOf(day, visitorHash(salt, request.sourceIp, userAgent, site), now);
  };
  const articleView = async () => {
    if (!view.a || kind.template !== "article") return "not-found" as const;
    const id = view.a;
    // The address is kept hashed: the window only needs to recognise the client again.
    return (await deps.articles()).recordView(id, async () =>
      (await deps.viewWindows()).open(`${id}#${hashedClient(request.sourceIp)}`, now),
    );
  };
  const [newVisitor, article] = await Promise.all([firstToday(), articleView()]);
  const published = article !== "not-found";
  // A referrer that is this site is no source: the visit began here.
  const referrer = view.r && view.r !== site.replace(/^www\./, "") ? view.r : undefined;
  await analytics.add(
    day,
    viewIncrements({
      page: countedPage(view.p, kind, published),
      language: kind.language,
      country: viewerCountry(request.headers["cloudfront-viewer-country"]),
      device: deviceClass(userAgent, request.headers["sec-ch-ua-mobile"]),
      newVisitor,
      ...(view.e ? { entry: { source: sourceName({ referrer, utm: view.u }), campaign: view.u?.campaign } } : {}),
      ...(published ? { article: { id: view.a!, firstInVisit: view.f === 1 } } : {}),
    }),
  );
  return { status: 204 };
};

export const handler = visitorLambda(route, ARTICLE_STORES, ANALYTICS_STORES);
