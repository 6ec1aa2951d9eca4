import { describe, expect, it } from "vitest";
import { longestScriptTask, type TraceEvent } from "./trace-tasks.ts";

const URL = "http://localhost:3000/es";
/** An event of the page's main thread (pid 1, tid 1) unless told otherwise; times in ms. */
const x = (name: string, start: number, ms: number, extra: Partial<TraceEvent> = {}): TraceEvent => ({
  name,
  ph: "X",
  pid: 1,
  tid: 1,
  ts: start * 1000,
  dur: ms * 1000,
  ...extra,
});

describe("the longest task that ran script", () => {
  const parse = x("ParseHTML", 0, 5, { args: { beginData: { url: URL } } });

  it("is the longest top-level task of the page's main thread with script in it", () => {
    const events = [
      x("RunTask", 0, 6),
      parse,
      // Layout alone: long, but no script.
      x("RunTask", 10, 40),
      x("Layout", 11, 38),
      // Script: 12 ms, with a nested task that is part of it.
      x("RunTask", 60, 12),
      x("ThreadControllerImpl::RunTask", 60.1, 11.8),
      x("v8.evaluateModule", 61, 10, { args: { data: { url: "http://localhost:3000/assets/site-AbCdEf12.js" } } }),
      // Script: 8 ms.
      x("RunTask", 80, 8),
      x("FunctionCall", 81, 6),
      // Another renderer's long script task is not this page's.
      x("RunTask", 100, 90, { pid: 2 }),
      x("FunctionCall", 101, 88, { pid: 2 }),
    ];
    const longest = longestScriptTask(events, URL);
    expect(longest.duration).toBe(12);
    expect(longest.summary).toContain("v8.evaluateModule 10.0");
    expect(longest.summary).toContain("/assets/site.js");
  });

  it("gives the most CPU time a script task took, which on a busy host is not the longest one's", () => {
    const events = [
      parse,
      // Long on the wall clock, mostly waiting for a core: 30 ms of 70.
      x("RunTask", 10, 70, { tdur: 30_000 }),
      x("FunctionCall", 11, 68),
      // Shorter, but all of it CPU.
      x("RunTask", 100, 40, { tdur: 38_000 }),
      x("FunctionCall", 101, 38),
      // No script: its CPU time does not count.
      x("RunTask", 200, 60, { tdur: 59_000 }),
      x("Layout", 201, 58),
    ];
    const longest = longestScriptTask(events, URL);
    expect(longest.duration).toBe(70);
    expect(longest.cpu).toBe(38);
  });

  it("is none when no task ran script", () => {
    expect(
      longestScriptTask([x("RunTask", 0, 6), parse, x("RunTask", 10, 40), x("Layout", 11, 38)], URL).duration,
    ).toBe(0);
  });

  it("needs the page's parse to know its thread", () => {
    expect(() => longestScriptTask([x("RunTask", 0, 6)], URL)).toThrow(/no parse/);
  });
});
