import { verifyPassword } from "./password.server.ts";

/**
 * Bounds the scrypt checks running at once in this process. scrypt runs on libuv's thread
 * pool (four threads by default), which the file server and the store client need too: a
 * flood of logins must not stall every page. A check that finds the gate full is refused at
 * once (the caller answers 429), it does not queue.
 */
export class PasswordGate {
  /** Checks started since the process began: what the login limits bound (read by tests and the bench). */
  checks = 0;
  private inFlight = 0;

  constructor(public maxInFlight: number) {}

  /** True/false for the password, or "busy" when the gate is full (no check was made). */
  async verify(password: string, hash: string): Promise<boolean | "busy"> {
    if (this.inFlight >= this.maxInFlight) return "busy";
    this.inFlight += 1;
    this.checks += 1;
    try {
      return await verifyPassword(password, hash);
    } finally {
      this.inFlight -= 1;
    }
  }
}
