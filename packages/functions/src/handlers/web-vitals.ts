import { isbot } from "isbot";
import { vitalsIncrements } from "@codcrm/core/analytics/counters";
import { deviceClass, pageKind } from "@codcrm/core/analytics/page-view";
import { vitalsSchema } from "@codcrm/core/analytics/vitals";
import { analyticsDay } from "@codcrm/core/analytics/visitor";
import { ANALYTICS_STORES } from "../deps/analytics-stores.ts";
import { parseWith, type RouteHandler } from "../http/api.ts";
import { visitorLambda } from "../http/visitor-lambda.ts";

/**
 * One page view's Core Web Vitals, as the `web-vitals` library measured them in the visitor's
 * browser (docs/decisions/0402-real-visitors-web-vitals.md): a sample in each histogram of the
 * day's item of the page's template and the device class. Bots count nothing. Always 204.
 */
export const route: RouteHandler = async (request, deps) => {
  const userAgent = (request.headers["user-agent"] ?? "").trim();
  if (!userAgent || isbot(userAgent)) return { status: 204 };
  const { p, ...values } = parseWith(vitalsSchema, request.body);
  const kind = pageKind(p);
  if (!kind || Object.values(values).every((value) => value === undefined)) return { status: 204 };
  const now = deps.clock();
  await (
    await deps.analytics()
  ).add(
    analyticsDay(now),
    vitalsIncrements(kind.template, deviceClass(userAgent, request.headers["sec-ch-ua-mobile"]), values),
  );
  return { status: 204 };
};

export const handler = visitorLambda(route, ANALYTICS_STORES);
