/**
 * A promise settled in a later task, so that the browser can paint and answer input between
 * two pieces of work: `scheduler.yield()` where the browser has it (its continuation runs
 * before other queued tasks), else a timer (docs/decisions/0173-blog-list-takes-over-in-steps.md).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
