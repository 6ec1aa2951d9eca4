import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { APP_SHELL_FILE } from "@codcrm/core/site/app-shell";
import { REPO_ROOT, startLocalServer } from "../src/server.ts";
import { startServerProcess, viewArticle } from "./test-server.ts";

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "codcrm-local-"));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The real entry point (`npm start` runs it) as a child process. */
const startProcess = startServerProcess;

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

/** The first owner's address when ADMIN_EMAIL is not set. */
const DEFAULT_OWNER_EMAIL = "admin@codcrm.local";

/**
 * Signs the owner of the server at `url` in as a browser does: the password, then the code
 * mailed to a new device, read from that server's outbox page. Answers the session's cookie.
 */
async function login(url: string, password: string): Promise<string> {
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const asked = await post("/api/auth/login", { email: DEFAULT_OWNER_EMAIL, password });
  expect(asked.status).toBe(202);
  const { challenge } = (await asked.json()) as { challenge: string };
  const device = asked.headers.getSetCookie()[0]!.split(";")[0]!;
  const outbox = await (await fetch(`${url}/_outbox`)).text();
  const code = /(\d{6})/.exec(outbox.slice(outbox.indexOf(DEFAULT_OWNER_EMAIL)))?.[1] ?? /: (\d{6})/.exec(outbox)?.[1];
  const signedIn = await post("/api/auth/code", { challenge, code }, device);
  expect(signedIn.status).toBe(200);
  return signedIn.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("codcrm_session="))!
    .split(";")[0]!;
}

describe("local runtime", () => {
  it("seeds six Spanish articles (three also in English and Portuguese), one English-only and one draft, once", async () => {
    const dataDir = tempDir();
    const first = await startLocalServer({ port: 0, dataDir });
    const total = async (lang: string) =>
      ((await (await fetch(`${first.url}/api/articles?limit=100&lang=${lang}`)).json()) as { total: number }).total;
    expect([await total("es"), await total("en"), await total("pt")]).toEqual([6, 4, 3]);
    const all = await (await first.deps.articles()).listAll();
    expect(all.filter((a) => !a.published)).toHaveLength(1);
    const groups = new Map<string, string[]>();
    for (const a of all) groups.set(a.translationGroup, [...(groups.get(a.translationGroup) ?? []), a.language]);
    expect([...groups.values()].filter((languages) => languages.length === 3)).toHaveLength(3);
    const password = first.generatedPassword;
    expect(password).toMatch(/^[\w-]{12,}$/);
    await first.close();

    const second = await startLocalServer({ port: 0, dataDir });
    expect((await (await second.deps.articles()).listAll()).length).toBe(14);
    expect(second.generatedPassword).toBe(password);
    expect(await login(second.url, password!)).toMatch(/^codcrm_session=[\w-]{43}$/);
    await second.close();
  });

  it("refuses a second server on the same data folder with a clear message", async () => {
    const dataDir = tempDir();
    const first = await startProcess(dataDir);
    try {
      const second = spawn(process.execPath, ["--import", "tsx", "packages/local/src/main.ts"], {
        cwd: REPO_ROOT,
        env: { ...process.env, PORT: "0", DATA_DIR: dataDir },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      second.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      expect(await exitOf(second)).toBe(1);
      expect(stderr).toContain(`in use by another server (process ${first.child.pid})`);
    } finally {
      first.child.kill("SIGTERM");
      await exitOf(first.child);
    }
  });

  it("closes cleanly on SIGTERM and releases the folder", async () => {
    const dataDir = tempDir();
    const { child } = await startProcess(dataDir);
    child.kill("SIGTERM");
    expect(await exitOf(child)).toBe(0);
    expect(existsSync(path.join(dataDir, "server.pid"))).toBe(false);
  });

  it("loses nothing acknowledged when killed with SIGKILL", async () => {
    const dataDir = tempDir();
    const { child, url } = await startProcess(dataDir);
    const session = await login(url, "process-password");
    const created = await fetch(`${url}/api/admin/articles`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: session, "x-codcrm-csrf": "1" },
      body: JSON.stringify({ title: "Sobrevive al kill", content: "Texto", published: true }),
    });
    expect(created.status).toBe(201);
    const { article } = (await created.json()) as { article: { id: string } };
    expect(await viewArticle({ url }, article.id)).toBe(204);
    child.kill("SIGKILL");
    await exitOf(child);

    const again = await startLocalServer({ port: 0, dataDir, env: { ADMIN_PASSWORD: "process-password" } });
    try {
      const found = await (await again.deps.articles()).findPublished("sobrevive-al-kill");
      expect(found?.article).toMatchObject({ id: article.id, viewCount: 51 });
    } finally {
      await again.close();
    }
  });
});

describe("static files", () => {
  const webRoot = tempDir();
  const bigScript = `console.log(${JSON.stringify("x".repeat(5000))});`;
  mkdirSync(path.join(webRoot, "assets"), { recursive: true });
  mkdirSync(path.join(webRoot, "es/blog"), { recursive: true });
  writeFileSync(path.join(webRoot, "assets/entry-abc123.js"), bigScript);
  writeFileSync(path.join(webRoot, "es/index.html"), "<html lang=es>inicio</html>");
  writeFileSync(path.join(webRoot, "es/blog/index.html"), "<html lang=es>blog</html>");
  writeFileSync(path.join(webRoot, "es/404.html"), "<html lang=es>no encontrada</html>");
  mkdirSync(path.dirname(path.join(webRoot, APP_SHELL_FILE)), { recursive: true });
  writeFileSync(path.join(webRoot, APP_SHELL_FILE), "<html>shell</html>");

  it("serves hashed assets compressed with a one-year immutable cache", async () => {
    const server = await startLocalServer({ port: 0, dataDir: null, seed: false, webRoot });
    try {
      const asset = await fetch(`${server.url}/assets/entry-abc123.js`, { headers: { "accept-encoding": "br" } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get("content-encoding")).toBe("br");
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await asset.text()).toBe(bigScript);
      const gzip = await fetch(`${server.url}/assets/entry-abc123.js`, { headers: { "accept-encoding": "gzip" } });
      expect(gzip.headers.get("content-encoding")).toBe("gzip");

      const page = await fetch(`${server.url}/es`);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toContain("max-age=0");
      expect(page.headers.get("x-frame-options")).toBe("DENY");
      expect(await page.text()).toContain("inicio");

      const admin = await fetch(`${server.url}/admin/blog`);
      expect(admin.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect([admin.status, await admin.text()]).toEqual([200, "<html>shell</html>"]);
      // Aliases and unprefixed paths are HTTP redirects from the URL map, never the shell.
      const answer = async (path: string, cookie?: string) => {
        const response = await fetch(server.url + path, {
          redirect: "manual",
          headers: cookie ? { cookie } : {},
        });
        return [response.status, response.headers.get("location")];
      };
      expect(await answer("/blog")).toEqual([302, "/es/blog"]);
      expect(await answer("/blog?x=1", "language=en")).toEqual([302, "/en/blog?x=1"]);
      expect(await answer("/")).toEqual([302, "/es"]);
      // An alias moves for good, under the stored language without a prefix (docs/decisions/0204-aliases-move-for-good.md).
      expect(await answer("/legal/rgpd", "language=pt")).toEqual([301, "/pt/privacidad"]);
      expect(await answer("/en/legal/rgpd")).toEqual([301, "/en/privacidad"]);
      expect(await answer("/pt/empresa/sobre-nosotros")).toEqual([301, "/pt/sobre-nosotros"]);
      expect(await answer("/en/soporte/contacto")).toEqual([301, "/en/contacto"]);
      expect(await answer("/auth/login")).toEqual([302, "https://app.codcrm.com/auth/login"]);
      const moved = await fetch(`${server.url}/blog`, { redirect: "manual" });
      expect(moved.headers.get("cache-control")).toBe("private, no-store");
      expect(moved.headers.get("x-frame-options")).toBe("DENY");
      const missing = await fetch(`${server.url}/es/no-existe`);
      expect([missing.status, await missing.text()]).toEqual([404, "<html lang=es>no encontrada</html>"]);
      const traversal = await fetch(`${server.url}/..%2f..%2fpackage.json`);
      expect(traversal.status).toBe(404);
      expect((await fetch(`${server.url}/es`, { method: "POST" })).status).toBe(405);
    } finally {
      await server.close();
    }
  });
});
