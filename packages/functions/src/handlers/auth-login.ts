import { LOGIN_MAX_FAILURES, loginSchema } from "@codcrm/core/auth/login-schema";
import { verifyPassword } from "@codcrm/core/auth/password";
import { issueAdminToken } from "@codcrm/core/auth/token";
import { secondsUntil } from "@codcrm/core/db/window-counter";
import { TooManyRequestsError, UnauthorizedError } from "@codcrm/core/errors";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/**
 * Checks the administrator password against its scrypt hash. Five failures from one client
 * within the window lock that client out (even with the right password) until it ends.
 */
export const route: RouteHandler = async (request, deps) => {
  const now = deps.clock();
  const client = request.sourceIp;
  const loginFailures = await deps.loginFailures();
  const failures = await loginFailures.get(client, now);
  if (failures && failures.count >= LOGIN_MAX_FAILURES) {
    throw new TooManyRequestsError(secondsUntil(failures.windowEnd, now), "Too many failed attempts. Try again later.");
  }
  const { password } = parseWith(loginSchema, request.body);
  if (!(await verifyPassword(password, deps.config.ADMIN_PASSWORD_HASH))) {
    await loginFailures.hit(client, now);
    throw new UnauthorizedError("invalid_password", "Incorrect password.");
  }
  await loginFailures.reset(client);
  const issued = await issueAdminToken(deps.config.JWT_SECRET, now);
  return json(200, { ...issued, name: deps.config.ADMIN_NAME });
};

export const handler = lambda(route);
