/** A Chromium trace event (the fields read here). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's own (CPU) time, in µs: on a busy host, wall time is mostly waiting for a core. */
  tdur?: number;
  args?: { data?: { url?: string; stackTrace?: { url?: string }[] }; beginData?: { url?: string } };
}

/** Events that mean script ran inside a task. */
const SCRIPT = new Set([
  "EvaluateScript",
  "v8.compile",
  "v8.compileModule",
  "v8.evaluateModule",
  "FunctionCall",
  "v8.callFunction",
  "RunMicrotasks",
  "TimerFire",
  "FireAnimationFrame",
  "FireIdleCallback",
]);

const TASK = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);

/**
 * The longest top-level task of the page's main thread (the renderer thread that parsed the
 * page at `url`) that ran script, its duration in ms and the longest events inside it, and the
 * CPU time of the task that took the most of it (ms; the same task on a quiet host).
 */
export function longestScriptTask(
  events: TraceEvent[],
  url: string,
): { duration: number; summary: string; cpu: number } {
  const parse = events.find((e) => e.name === "ParseHTML" && (e.args?.beginData?.url ?? "").startsWith(url));
  if (!parse) throw new Error(`The trace has no parse of ${url}`);
  const thread = events
    .filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === "X" && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  // Top-level tasks: a task that starts inside another one is part of it.
  const tasks: TraceEvent[] = [];
  for (const event of thread) {
    if (!TASK.has(event.name)) continue;
    const last = tasks.at(-1);
    if (last && event.ts < last.ts + last.dur!) continue;
    tasks.push(event);
  }
  let longest = { duration: 0, summary: "no task ran script" };
  let cpu = 0;
  let i = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    while (i < thread.length && thread[i]!.ts < task.ts) i++;
    const inside: TraceEvent[] = [];
    for (let j = i; j < thread.length && thread[j]!.ts < end; j++)
      if (thread[j] !== task && thread[j]!.ts + thread[j]!.dur! <= end) inside.push(thread[j]!);
    if (!inside.some((e) => SCRIPT.has(e.name))) continue;
    cpu = Math.max(cpu, (task.tdur ?? 0) / 1000);
    const duration = task.dur! / 1000;
    if (duration <= longest.duration) continue;
    const byName = new Map<string, number>();
    for (const e of inside) if (!TASK.has(e.name)) byName.set(e.name, Math.max(byName.get(e.name) ?? 0, e.dur! / 1000));
    const files = new Set(
      inside
        .map((e) => e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url)
        .filter((u): u is string => Boolean(u))
        .map((u) => u.replace(/^https?:\/\/[^/]+/, "").replace(/-[\w-]{8}\.js$/, ".js")),
    );
    longest = {
      duration,
      summary:
        [...byName]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
          .join(", ") + (files.size ? ` (${[...files].slice(0, 2).join(", ")})` : ""),
    };
  }
  return { ...longest, cpu };
}
