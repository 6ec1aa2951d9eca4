import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, startTestServer, type TestServer } from "./test-server.ts";

/**
 * Clients that hang up before their answer: every request ends whatever its route, and the
 * process still stops at once on SIGTERM. A request read only after an `await` may find its
 * socket already destroyed, and then no `end` or `error` ever comes.
 */

/** Sends a whole request, then closes the connection `afterMs` later without reading the answer. */
function hangUp(port: number, request: string, afterMs = 2): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(request);
      setTimeout(() => socket.destroy(), afterMs);
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve());
  });
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br\r\n\r\n`;

/** Every kind of route: each server-rendered page, the API, a static file, media, a redirect. */
function routesOf(slug: string): string[] {
  return [
    "/sitemap.xml",
    "/robots.txt",
    "/es/blog/rss.xml",
    `/es/blog/${slug}`,
    "/es/blog/no-existe",
    "/es/blog",
    `/es/blog/post/${slug}`,
    "/es/blog/preview/not-a-token",
    "/api/articles",
    `/api/articles/${slug}`,
    "/es/",
    "/media/abc/w480.webp",
    "/blog",
  ];
}

async function hangUpEverywhere(port: number, slug: string): Promise<void> {
  for (const route of routesOf(slug)) {
    await Promise.all(Array.from({ length: 200 }, () => hangUp(port, get(route))));
  }
}

/** Polls a condition until it holds (no deadline of its own: the test's timeout is the limit). */
async function eventually(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("clients that hang up", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  });
  afterAll(() => server.close());

  it("leave no request pending, on any route, and the server still closes", async () => {
    const { articles } = (await (await fetch(`${server.url}/api/articles?limit=1&lang=es`)).json()) as {
      articles: { slug: string }[];
    };
    await hangUpEverywhere(server.port, articles[0]!.slug);
    await eventually(() => server.requestsInFlight() === 0);
    // Still serving.
    expect((await fetch(`${server.url}/sitemap.xml`)).status).toBe(200);
  });
});

/** Resident memory of a process, in MB (Linux). */
function residentMb(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(line?.[1] ?? 0) / 1024;
}

describe("SIGTERM after clients hung up", () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });

  it("stops the process within 5 s, nothing left under way, memory back near its start", async () => {
    const started = await startServerProcess("memory");
    child = started.child;
    const port = Number(new URL(started.url).port);
    const { articles } = (await (await fetch(`${started.url}/api/articles?limit=1&lang=es`)).json()) as {
      articles: { slug: string }[];
    };
    const slug = articles[0]!.slug;
    // Every route answered once, so what is measured after is what hanging up adds.
    for (const route of routesOf(slug)) await (await fetch(started.url + route, { redirect: "manual" })).arrayBuffer();
    const before = residentMb(child.pid!);

    await hangUpEverywhere(port, slug);
    // Once the aborted requests are done with, what they held is let go.
    for (const route of routesOf(slug)) await (await fetch(started.url + route, { redirect: "manual" })).arrayBuffer();
    const after = residentMb(child.pid!);

    const exited = new Promise<number>((resolve) => child!.on("exit", () => resolve(Date.now())));
    const signalled = Date.now();
    child.kill("SIGTERM");
    const stoppedAfterMs = (await exited) - signalled;
    expect(stoppedAfterMs).toBeLessThan(5_000);
    expect(child.exitCode).toBe(0);
    expect(started.output()).toMatch(/SIGTERM: closing the store \(\d+ requests under way\)/);
    expect(started.output()).toContain("SIGTERM: closing the store (0 requests under way)");
    console.log(
      `RSS ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after 2,600 hang-ups; stopped in ${stoppedAfterMs} ms`,
    );
    expect(after).toBeLessThan(before + 64);
  });
});
