/**
 * Reads kept a few seconds in this process, each under a key. A read is kept from the moment
 * it starts, so concurrent requests for the same key share one read; a read that fails is
 * dropped. `clear()` after every write through this process: what was read before or during
 * the write is never served after it (other processes see the write within the TTL).
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, { until: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    /** The oldest read is dropped beyond this many keys. */
    private readonly maxKeys: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, read: () => Promise<T>): Promise<T> {
    const now = this.now();
    const kept = this.entries.get(key);
    if (kept && kept.until > now) return kept.value;
    this.entries.delete(key);
    if (this.entries.size >= this.maxKeys) this.entries.delete(this.entries.keys().next().value as string);
    const entry = { until: now + this.ttlMs, value: read() };
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  clear(): void {
    this.entries.clear();
  }
}
