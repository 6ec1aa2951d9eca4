/**
 * Login lock windows as the store last reported them, kept in this process: a client (or
 * device) that used its attempts, or a site that used its checks, is refused from here, before
 * any store round trip or password check, until its window ends. The store stays the source of
 * truth: a lock is only ever learnt from a counter update, and forgetting one (a restart, the
 * size bound) merely costs the next attempt a round trip that relearns it
 * (docs/decisions/0322-sign-in-and-its-limits.md).
 */
export class LoginLocks {
  /** Attempts refused from memory, with no store round trip (read by tests and the bench). */
  refused = 0;
  /** Key -> epoch milliseconds at which its window ends. */
  private readonly until = new Map<string, number>();

  constructor(private readonly maxEntries = 10_000) {}

  /** The end of the lock window of `key` (epoch ms), or undefined when it is not locked at `now`. */
  lockedUntil(key: string, now: Date): number | undefined {
    const end = this.until.get(key);
    if (end === undefined) return undefined;
    if (end > now.getTime()) return end;
    this.until.delete(key);
    return undefined;
  }

  /** Notes that `key` is locked until `windowEnd`, as its counter just said. */
  lock(key: string, windowEnd: number, now: Date): void {
    if (this.until.size >= this.maxEntries && !this.until.has(key)) this.makeRoom(now);
    this.until.set(key, windowEnd);
  }

  /** A success clears its client's attempts in the store: here too. */
  unlock(key: string): void {
    this.until.delete(key);
  }

  /** Drops ended windows, then the oldest locks if still full (the store still has them). */
  private makeRoom(now: Date): void {
    for (const [key, end] of this.until) if (end <= now.getTime()) this.until.delete(key);
    for (const key of this.until.keys()) {
      if (this.until.size < this.maxEntries) break;
      this.until.delete(key);
    }
  }
}
