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
