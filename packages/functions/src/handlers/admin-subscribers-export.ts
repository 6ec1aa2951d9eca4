import { subscriberFilterSchema } from "@codcrm/core/lead/lead-schemas";
import { confirmedSubscribersCsv, filterSubscribers } from "@codcrm/core/lead/subscriber-overview";
import { LEAD_STORES } from "../deps/lead-stores.ts";
import { MAIL_STORES } from "../deps/mail-stores.ts";
import { parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * The confirmed subscribers as a CSV file, with their consent date and language
 * (docs/decisions/0169-subscribers-view-and-csv.md); `language` narrows it to one.
 */
export const route: RouteHandler = async (request, deps) => {
  const { language } = parseWith(subscriberFilterSchema, request.query);
  const subscribers = filterSubscribers(await (await deps.subscriptions()).allSubscribers(), { language });
  const day = deps.clock().toISOString().slice(0, 10);
  return {
    status: 200,
    text: confirmedSubscribersCsv(subscribers),
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="subscribers-${language ?? "all"}-${day}.csv"`,
    },
  };
};

export const handler = lambda(route, LEAD_STORES, MAIL_STORES);
