import type { IncomingMessage } from "node:http";
import { ClientGoneError, clientGone } from "./client-gone.ts";

/** Login attempts let through per turn of the event loop. */
export const LOGIN_LANE_PER_TURN = 4;
/** Attempts that may wait at once; past it, an attempt is refused at once (429). */
export const LOGIN_LANE_MAX_WAITING = 2_000;

export class LoginLaneFullError extends Error {
  constructor() {
    super("Too many sign-ins waiting.");
    this.name = "LoginLaneFullError";
  }
}

interface Waiting {
  req: IncomingMessage;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Login attempts (from clients without a device cookie) take their turn here, a few per turn
 * of the event loop, while files and other requests are answered on every turn. The local
 * server is one thread: answered as fast as they come, a flood of logins, however cheap each
 * refusal is, would fill every turn and make each page wait behind hundreds of them. Here a
 * flood's clients wait for their answers instead (a keep-alive client sends its next attempt
 * only after it has one), and the file server never queues behind them
 * (docs/decisions/0322-sign-in-and-its-limits.md). On AWS every request has its own Lambda
 * instance: nothing to share, no lane.
 */
export class LoginLane {
  /** Attempts that had to wait (read by tests and the bench). */
  waited = 0;
  private readonly waiting: Waiting[] = [];
  private scheduled = false;

  constructor(
    private readonly perTurn = LOGIN_LANE_PER_TURN,
    private readonly maxWaiting = LOGIN_LANE_MAX_WAITING,
  ) {}

  /** Attempts waiting now. */
  get size(): number {
    return this.waiting.length;
  }

  /**
   * Resolves when the attempt may go on. Rejects with ClientGoneError when its client hangs
   * up while it waits, and with LoginLaneFullError when too many wait already.
   */
  enter(req: IncomingMessage): Promise<void> {
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(new LoginLaneFullError());
    this.waited += 1;
    return new Promise((resolve, reject) => {
      this.waiting.push({ req, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // Immediates queued now run after the next poll for I/O: every other request gets its turn first.
    setImmediate(() => this.turn());
  }

  private turn(): void {
    this.scheduled = false;
    let admitted = 0;
    while (admitted < this.perTurn && this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      if (clientGone(next.req)) {
        next.reject(new ClientGoneError());
        continue;
      }
      next.resolve();
      admitted += 1;
    }
    if (this.waiting.length > 0) this.schedule();
  }
}
