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
/** The trace categories that show a load's main-thread tasks, what ran in them and the page's loading. */
export const TASK_TRACE_CATEGORIES: readonly string[] = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "loading",
  "toplevel",
];

export const SCRIPT: ReadonlySet<string> = new Set([
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

/** Events in which the browser renders: a task with one of them is a frame (or a parse that laid out). */
const RENDERING = new Set(["UpdateLayoutTree", "Layout", "Paint", "PrePaint"]);

/**
 * What made the browser restyle or lay out an element (Chromium's invalidation tracking,
 * `disabled-by-default-devtools.timeline.invalidationTracking`); when script did, the event
 * carries its stack.
 */
const INVALIDATION = new Set([
  "StyleRecalcInvalidationTracking",
  "StyleInvalidatorInvalidationTracking",
  "ScheduleStyleInvalidationTracking",
  "LayoutInvalidationTracking",
]);

/** The script file an event names, if it names one. */
const scriptUrl = (event: TraceEvent) => event.args?.data?.url ?? event.args?.data?.stackTrace?.[0]?.url;

/** A trace that holds no parse of the page (seen once in a full run): the load is traced again. */
export class TraceWithoutParse extends Error {}

/** The first parse of the page at `url`: its process and thread are the page's main thread. */
function pageParse(events: TraceEvent[], url: string): TraceEvent {
  const parse = events.find((e) => e.name === "ParseHTML" && (e.args?.beginData?.url ?? "").startsWith(url));
  if (!parse) throw new TraceWithoutParse(`The trace has no parse of ${url}`);
  return parse;
}

/**
 * The longest time our script caused in one top-level task of the page's main thread (the
 * renderer thread that parsed the page at `url`), in ms, what the task was made of, and the
 * CPU time of the task that took the most (ms; the same task on a quiet host).
 *
 * A task that ran script and rendered nothing is script's whole. A task that rendered (a frame,
 * or a parse that laid out) is ours whole when our script made the work it renders: with
 * invalidation tracking in the trace, when an element was restyled or laid out anew by a stack
 * of the page's origin since the frame before; without it, when script of the page's origin (one
 * of our files, or the page itself for the inline start script) ran in it. Otherwise only our
 * script's own time in it counts: a frame that styles, lays out and paints what the parser or a
 * scroll brought is the browser's, even when a microtask checkpoint (Chromium settles its own
 * promises at the end of every task) or a passive listener of ours ran in it
 * (docs/decisions/0195-whose-task-a-frame-is.md).
 */
export function longestScriptTask(
  events: TraceEvent[],
  url: string,
): { duration: number; summary: string; cpu: number } {
  const parse = pageParse(events, url);
  const origin = new URL(url).origin;
  const ours = (event: TraceEvent) => scriptUrl(event)?.startsWith(origin) ?? false;
  const thread = events
    .filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === "X" && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const invalidations = events.filter((e) => e.pid === parse.pid && INVALIDATION.has(e.name));
  const tracked = invalidations.length > 0;
  const invalidatedByUs = invalidations.filter(ours).map((e) => e.ts);
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
  let renderedUntil = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    while (i < thread.length && thread[i]!.ts < task.ts) i++;
    const inside: TraceEvent[] = [];
    for (let j = i; j < thread.length && thread[j]!.ts < end; j++)
      if (thread[j] !== task && thread[j]!.ts + thread[j]!.dur! <= end) inside.push(thread[j]!);
    const renders = inside.some((e) => RENDERING.has(e.name));
    const since = renderedUntil;
    if (renders) renderedUntil = end;
    const script = inside.filter((e) => SCRIPT.has(e.name));
    if (!script.length) continue;
    const whole = !renders || (tracked ? invalidatedByUs.some((ts) => ts > since && ts <= end) : script.some(ours));
    let duration = task.dur! / 1000;
    let taskCpu = (task.tdur ?? 0) / 1000;
    if (!whole) {
      // Our script's own time in the browser's frame: its outermost events (the thread is in
      // time order; one inside another is part of it).
      let reach = 0;
      duration = taskCpu = 0;
      for (const e of script.filter(ours)) {
        if (e.ts < reach) continue;
        reach = e.ts + e.dur!;
        duration += e.dur! / 1000;
        taskCpu += (e.tdur ?? e.dur!) / 1000;
      }
    }
    cpu = Math.max(cpu, taskCpu);
    if (duration <= longest.duration) continue;
    const byName = new Map<string, number>();
    for (const e of inside) if (!TASK.has(e.name)) byName.set(e.name, Math.max(byName.get(e.name) ?? 0, e.dur! / 1000));
    const files = new Set(
      inside
        .map(scriptUrl)
        .filter((u): u is string => Boolean(u))
        .map((u) => u.replace(/^https?:\/\/[^/]+/, "").replace(/-[\w-]{8}\.js$/, ".js")),
    );
    longest = {
      duration,
      summary:
        (whole ? "" : "our script in a frame of the browser's: ") +
        [...byName]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
          .join(", ") +
        (files.size ? ` (${[...files].slice(0, 2).join(", ")})` : ""),
    };
  }
  return { ...longest, cpu };
}

/** Events that only wrap others: their own time goes where their parent's does. */
const WRAPPERS = new Set([
  "ThreadControllerImpl::RunTask",
  "SimpleWatcher::OnHandleReady",
  "BlinkScheduler_PerformMicrotaskCheckpoint",
  "v8.callFunction",
  "v8.run",
]);

/** What a kind of trace event is counted as in a task's breakdown. */
function kind(event: TraceEvent): string | undefined {
  const { name } = event;
  if (name === "UpdateLayoutTree" || name === "RecalculateStyles") return "style";
  if (name === "Layout") return "layout";
  if (name === "ParseHTML") return "parse HTML";
  if (name === "ParseAuthorStyleSheet") return "parse CSS";
  if (/GC|Scavenge|MarkCompact/.test(name)) return "GC";
  if (/^(Paint|PrePaint|Layerize|UpdateLayer|Commit|CompositeLayers|PaintImage)$/.test(name)) return "paint";
  if (name === "v8.compile" || name === "v8.compileModule" || name === "v8.parseOnBackground") return "compile";
  return undefined;
}

const shortUrl = (url: string) =>
  url
    .replace(/^https?:\/\/[^/]+/, "")
    .replace(/^\/assets\//, "")
    .replace(/-[\w-]{8,16}\.(js|json|css)$/, ".$1");

/**
 * Every main-thread task of the load of `url` over 50 ms (a long task on the phone being
 * emulated), its start after navigation, its length, and where its time went: each event's own
 * time (without the events inside it), script by the chunk it ran (the nearest event that names
 * one), and the task's own time as "task". With the first contentful paint and the time blocked
 * after it (the part of each long task beyond 50 ms, as TBT counts it, here measured, not simulated).
 */
export function startTasks(
  events: TraceEvent[],
  url: string,
): { fcp: number; blocking: number; tasks: { start: number; duration: number; inside: string }[] } {
  const parse = pageParse(events, url);
  const navigation = events.find(
    (e) =>
      e.name === "navigationStart" &&
      ((e.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL ?? "").startsWith(url),
  );
  const origin = navigation?.ts ?? parse.ts;
  const fcpEvent = events.find((e) => e.name === "firstContentfulPaint" && e.pid === parse.pid && e.ts >= origin);
  const fcp = fcpEvent ? (fcpEvent.ts - origin) / 1000 : 0;
  const thread = events
    .filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === "X" && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tasks: { start: number; duration: number; inside: string }[] = [];
  let blocking = 0;
  // A stack of open events, each with the label its own time goes to.
  type Open = { event: TraceEvent; end: number; label: string; children: number; times: Map<string, number> };
  let top: Open | undefined;
  const stack: Open[] = [];
  const close = (open: Open) => {
    const own = open.event.dur! - open.children;
    open.times.set(open.label, (open.times.get(open.label) ?? 0) + own);
  };
  const finishTop = () => {
    if (!top) return;
    while (stack.length) close(stack.pop()!);
    const duration = top.event.dur! / 1000;
    const start = (top.event.ts - origin) / 1000;
    if (duration > 50) {
      if (start >= fcp) blocking += duration - 50;
      const inside = [...top.times]
        .filter(([, us]) => us >= 1000)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([label, us]) => `${label} ${(us / 1000).toFixed(0)}`)
        .join(", ");
      tasks.push({ start, duration, inside });
    }
    top = undefined;
  };
  for (const event of thread) {
    const end = event.ts + event.dur!;
    if (!top || event.ts >= top.end) {
      finishTop();
      if (!TASK.has(event.name)) continue;
      top = { event, end, label: "task", children: 0, times: new Map() };
      stack.push(top);
      continue;
    }
    while (stack.length > 1 && event.ts >= stack.at(-1)!.end) close(stack.pop()!);
    const parent = stack.at(-1)!;
    if (end > parent.end) continue; // overlapping, not nested: ignore
    parent.children += event.dur!;
    const named = event.args?.data?.url ?? event.args?.data?.stackTrace?.[0]?.url;
    const label =
      kind(event) ??
      (WRAPPERS.has(event.name) ? parent.label : undefined) ??
      (event.name === "RunMicrotasks" ? "script (promise callbacks)" : undefined) ??
      (named
        ? `script ${shortUrl(named)}`
        : parent.label.startsWith("script")
          ? parent.label
          : SCRIPT.has(event.name)
            ? "script ?"
            : event.name);
    stack.push({ event, end, label, children: 0, times: top.times });
  }
  finishTop();
  return { fcp, blocking, tasks };
}
