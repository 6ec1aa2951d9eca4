import { newClientContext, adminSessionFile, signInThroughForm } from "./site-helpers.ts";
import { test } from "./fixtures.ts";

/**
 * Signs the administrator in through the login form once for the whole run and keeps the
 * session for the suites that only need to be signed in (`signedInAdminPage`, `signInAsAdmin`,
 * `adminToken` in site-helpers.ts). The suites about signing in and out still do it themselves.
 */
test("the administrator signs in once for the run", async ({ browser }) => {
  const context = await newClientContext(browser);
  await signInThroughForm(await context.newPage());
  await context.storageState({ path: adminSessionFile() });
});
