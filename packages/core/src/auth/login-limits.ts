/**
 * Login limits (docs/decisions/0322-sign-in-and-its-limits.md). Every attempt is
 * counted before its password is checked: five attempts within fifteen minutes from one
 * client (or one signed-in device) without a success lock it out until the window ends.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Password checks for the whole site per window, from clients without a device cookie. */
export const LOGIN_SITE_MAX_CHECKS = 50;
/** scrypt checks running at once per process; the rest are refused at once. */
export const PASSWORD_CHECKS_IN_FLIGHT = 2;
/**
 * Login attempts in progress at once per process from clients without a device cookie; the
 * rest are refused at once, before they are counted.
 */
export const LOGIN_ATTEMPTS_IN_FLIGHT = 8;
