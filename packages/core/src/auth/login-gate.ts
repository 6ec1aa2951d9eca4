import { TooManyRequestsError } from "../errors.ts";

/**
 * Bounds the login attempts in progress in this process from clients without a device
 * cookie, before anything is counted or checked. Each attempt costs a few store round trips
 * (its counters) and perhaps a password check; a flood of them, unbounded, takes the process
 * from every other request it serves (locally: the pages too). An attempt that finds the gate
 * full is refused at once (the caller answers 429) and neither counted nor checked: it learns
 * nothing about the password. A browser with a valid device cookie never waits here, so the
 * administrator can still sign in during such a flood
 * (docs/decisions/0322-sign-in-and-its-limits.md).
 */
export class LoginGate {
  /** Attempts refused because the gate was full (read by tests and the bench). */
  refused = 0;
  private inFlight = 0;

  constructor(public maxInFlight: number) {}

  /** Takes a place, or false when the gate is full; a place taken must be given back with `leave`. */
  tryEnter(): boolean {
    if (this.inFlight >= this.maxInFlight) {
      this.refused += 1;
      return false;
    }
    this.inFlight += 1;
    return true;
  }

  leave(): void {
    this.inFlight -= 1;
  }
}

/** The answer to an attempt refused because too many are under way: try again in a second. */
export function loginBusyError(): TooManyRequestsError {
  return new TooManyRequestsError(1, "Too many sign-ins at once. Try again in a moment.");
}
