import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH, TEST_CHROMIUM_ARGS } from "./scripts/chromium.ts";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const CHROMIUM = { ...devices["Desktop Chrome"], channel: undefined };
export const E2E_ADMIN_PASSWORD = "e2e-admin-password-0123";
/** The first owner's address (ADMIN_EMAIL): the sign-in form asks it. */
export const E2E_ADMIN_EMAIL = "laura@codcrm.test";

/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the real local
 * server: built site, real handlers, in-memory embedded DynamoDB seeded with demo content.
 */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  // The machine has two cores; the server under test and the store share them.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failed test leaves its trace (actions, DOM snapshots, network, console), without the
    // screencast: recording screenshots for every test, kept only for the few that fail, made
    // the suite's tests take about 30 % longer on two cores (docs/testing.md).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // Without the browser UI no test looks at: a quarter less processor time for the suite
      // (scripts/chromium.ts, docs/decisions/0188-browser-test-processor-work.md).
      args: TEST_CHROMIUM_ARGS,
    },
  },
  projects: [
    // Signs the administrator in once for the run (e2e/admin-session.setup.ts); the suites reuse it.
    { name: "admin session", testMatch: /admin-session\.setup\.ts$/, use: CHROMIUM },
    { name: "chromium", dependencies: ["admin session"], use: CHROMIUM },
  ],
  webServer: {
    command: "npx tsx packages/local/src/main.ts",
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: "memory",
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      ADMIN_NAME: "Laura",
      ADMIN_EMAIL: E2E_ADMIN_EMAIL,
      // The one image host the suite's articles name besides the site (docs/decisions/0206-images-from-listed-origins.md).
      IMAGE_ORIGINS: "https://example.invalid",
      // Lets a test act as a distinct client (login throttling is per client address).
      TRUST_CLIENT_ADDRESS_HEADER: "1",
    },
  },
});
