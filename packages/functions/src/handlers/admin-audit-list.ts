import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** The audit trail for administrators: everyone's, newest first, or one person's (`person=`). */
export const route: RouteHandler = async (request, deps) => {
  const audit = await deps.audit();
  const now = deps.clock();
  const person = request.query.person;
  const entries = person ? await audit.byPerson(person, now) : await audit.all(now);
  return json(200, { entries });
};

export const handler = lambda(route);
