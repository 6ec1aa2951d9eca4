import { describe, expect, it } from "vitest";
import { longestScriptTask, TraceWithoutParse, type TraceEvent } from "./trace-tasks.ts";

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

  it("is not a frame of what the parser brought in which only an unnamed microtask checkpoint ran", () => {
    const events = [
      parse,
      // The first frame: style, layout and paint of the server's HTML; Chromium's own promises
      // settle in the checkpoint at its end (no file of ours named).
      x("RunTask", 10, 60),
      x("UpdateLayoutTree", 11, 20),
      x("Layout", 31, 30),
      x("Paint", 61, 5),
      x("RunMicrotasks", 67, 0.7),
      // A script task of ours.
      x("RunTask", 100, 9),
      x("FunctionCall", 101, 7, { args: { data: { url: "http://localhost:3000/assets/site-AbCdEf12.js" } } }),
    ];
    expect(longestScriptTask(events, URL).duration).toBe(9);
  });

  it("is a frame whole when our script ran in it, and a script task that names no file and renders nothing", () => {
    const frame = [
      x("RunTask", 10, 40),
      x("FireAnimationFrame", 11, 12),
      x("FunctionCall", 11.5, 11, { args: { data: { url: "http://localhost:3000/assets/site-AbCdEf12.js" } } }),
      x("UpdateLayoutTree", 24, 10),
      x("Layout", 35, 14),
    ];
    expect(longestScriptTask([parse, ...frame], URL).duration).toBe(40);
    // The inline start script names the page itself.
    const inline = [
      x("RunTask", 10, 35),
      x("Layout", 11, 20),
      x("EvaluateScript", 32, 12, { args: { data: { url: URL } } }),
    ];
    expect(longestScriptTask([parse, ...inline], URL).duration).toBe(35);
    // The app's promise callbacks: a microtask checkpoint is all the task does.
    const callbacks = [x("RunTask", 10, 45), x("RunMicrotasks", 11, 43)];
    expect(longestScriptTask([parse, ...callbacks], URL).duration).toBe(45);
    // Another origin's script in a frame is not ours.
    const other = [
      x("RunTask", 10, 45),
      x("Layout", 11, 30),
      x("FunctionCall", 42, 2, { args: { data: { url: "https://elsewhere.example/x.js" } } }),
    ];
    expect(longestScriptTask([parse, ...other], URL).duration).toBe(0);
  });

  describe("with invalidation tracking in the trace", () => {
    const site = "http://localhost:3000/assets/site-AbCdEf12.js";
    const invalidation = (at: number, url?: string): TraceEvent => ({
      name: "LayoutInvalidationTracking",
      ph: "I",
      pid: 1,
      tid: 1,
      ts: at * 1000,
      args: { data: url ? { stackTrace: [{ url }] } : {} },
    });

    it("counts only our listener's own time in a frame of what the parser brought", () => {
      const events = [
        parse,
        invalidation(8),
        x("RunTask", 10, 60),
        x("EventDispatch", 11, 1),
        x("FunctionCall", 11.1, 0.8, { args: { data: { url: URL } } }),
        x("UpdateLayoutTree", 12, 20),
        x("Layout", 32, 30),
      ];
      const longest = longestScriptTask(events, URL);
      expect(longest.duration).toBeCloseTo(0.8);
      expect(longest.summary).toMatch(/^our script in a frame of the browser's/);
    });

    it("counts a frame whole when our script changed what it renders, in it or in a task before it", () => {
      const events = [
        parse,
        // Hydration: our script sets an attribute, the next frame restyles for it.
        x("RunTask", 10, 8),
        x("FunctionCall", 10.5, 7, { args: { data: { url: site } } }),
        invalidation(12, site),
        x("RunTask", 20, 40),
        x("UpdateLayoutTree", 21, 20),
        x("Layout", 41, 18),
        x("RunMicrotasks", 59.2, 0.5),
        // A later frame of the parser's, with only the browser's own checkpoint: not ours.
        invalidation(65),
        x("RunTask", 70, 55),
        x("Layout", 71, 50),
        x("RunMicrotasks", 122, 0.5),
      ];
      expect(longestScriptTask(events, URL).duration).toBe(40);
    });
  });

  it("is none when no task ran script", () => {
    expect(
      longestScriptTask([x("RunTask", 0, 6), parse, x("RunTask", 10, 40), x("Layout", 11, 38)], URL).duration,
    ).toBe(0);
  });

  it("needs the page's parse to know its thread", () => {
    // Its own error, which the suite answers by tracing the load again.
    expect(() => longestScriptTask([x("RunTask", 0, 6)], URL)).toThrow(TraceWithoutParse);
  });
});
