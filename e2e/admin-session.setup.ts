import { writeFileSync } from "node:fs";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@codcrm/core/auth/csrf";
import { adminKeyFile, adminSessionFile, newClientContext, signInThroughForm } from "./site-helpers.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Signs the owner in through the login form once for the whole run (the code a new browser is
 * mailed, read from the outbox) and keeps the session's cookies for the suites that only need to
 * be signed in (`signedInAdminPage`, `signInAsAdmin`), and a personal API key for their API calls
 * (`adminToken` in site-helpers.ts). The suites about signing in and out still do it themselves.
 */
test("the owner signs in once for the run", async ({ browser }) => {
  const context = await newClientContext(browser);
  const page = await context.newPage();
  await signInThroughForm(page);
  await context.storageState({ path: adminSessionFile() });
  const created = await page.request.post("/api/admin/me/api-keys", {
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    data: { name: "Browser tests" },
  });
  expect(created.status()).toBe(201);
  writeFileSync(adminKeyFile(), ((await created.json()) as { key: string }).key);
});
