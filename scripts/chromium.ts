/**
 * Debian's Chromium, the one browser the tests, the bench and the screenshots drive (none is
 * ever downloaded), and the flags it needs on a machine without outside network: without the
 * background-networking ones it keeps trying to reach Google's hosts, and fails, at every start.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The features Playwright itself turns off when it launches Chromium (its `chromiumSwitches`,
 * Playwright 1.65). Chromium reads only the last `--disable-features` of its command line, so a
 * flag of ours that turns more off must name these as well; `chromium.test.ts` fails when the
 * installed Playwright turns off one this list lacks.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * Browser UI no browser test looks at. Headless Chromium 156 still builds the address bar's
 * suggestion popup as a web page (chrome://omnibox-popup.top-chrome) for every window, and every
 * browser context opens a window: one more renderer per test, about a second of processor time
 * each on two cores (docs/testing.md, docs/decisions/0188-browser-test-processor-work.md).
 */
export const TEST_DISABLED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"];

/**
 * The flags of the browser tests: the common ones, and the browser UI they never use turned off.
 * Only the tests take them: the bench measures the browser as it comes (and Lighthouse, which
 * passes its own `--disable-features`, would lose those to this one).
 */
export const TEST_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...TEST_DISABLED_FEATURES].join(",")}`,
];
