import { subscriberFilterSchema } from "@codcrm/core/lead/lead-schemas";
import {
  countSubscribers,
  filterSubscribers,
  type AdminSubscribersResponse,
} from "@codcrm/core/lead/subscriber-overview";
import { LEAD_STORES } from "../deps/lead-stores.ts";
import { MAIL_STORES } from "../deps/mail-stores.ts";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * The subscribers view (docs/decisions/0169-subscribers-view-and-csv.md): every subscription
 * counted per language and state, and those the filters keep, newest first.
 */
export const route: RouteHandler = async (request, deps) => {
  const filter = parseWith(subscriberFilterSchema, request.query);
  const subscribers = await (await deps.subscriptions()).allSubscribers();
  return json(200, {
    counts: countSubscribers(subscribers),
    subscribers: filterSubscribers(subscribers, filter),
  } satisfies AdminSubscribersResponse);
};

export const handler = lambda(route, LEAD_STORES, MAIL_STORES);
