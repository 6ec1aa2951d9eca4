import { createRequire } from "node:module";
import { CloudFrontClient, CreateInvalidationCommand } from "@aws-sdk/client-cloudfront";
import { mockClient } from "aws-sdk-client-mock";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CACHE_CONTROL } from "@codcrm/core/web/cache-control";
import { signedInServer, startTestServer, type TestServer } from "./test-server.ts";

// The SSM client the core package loads (the tooling keeps an older copy at the root, whose
// types differ from the mock library's: typed loosely).
const { GetParameterCommand, SSMClient } = createRequire(
  createRequire(import.meta.url).resolve("@codcrm/core/web/cdn-invalidation"),
)("@aws-sdk/client-ssm") as {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  SSMClient: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  GetParameterCommand: any;
};

// AWS itself is outside: CloudFront and SSM answer as their documented shapes say.
const cloudFront = mockClient(CloudFrontClient);
const ssm = mockClient(SSMClient);
const PARAMETER = "/codcrm-site/test/cdn-distribution-id";

let server: TestServer;
let token: string;

beforeAll(async () => ({ server, token } = await signedInServer({ env: { CDN_DISTRIBUTION_PARAMETER: PARAMETER } })));
afterAll(async () => {
  await server.close();
  cloudFront.restore();
  ssm.restore();
});
beforeEach(() => {
  cloudFront.reset();
  ssm.reset();
  ssm
    .on(GetParameterCommand, { Name: PARAMETER })
    .resolves({ Parameter: { Name: PARAMETER, Value: "E2EXAMPLE123" } } as never);
  cloudFront.on(CreateInvalidationCommand).resolves({
    Location: "https://cloudfront.amazonaws.com/2020-05-31/distribution/E2EXAMPLE123/invalidation/I1",
    Invalidation: { Id: "I1", Status: "InProgress", CreateTime: new Date(), InvalidationBatch: undefined },
  });
});

const invalidations = () => cloudFront.commandCalls(CreateInvalidationCommand).map((call) => call.args[0].input);

async function write(method: string, path: string, body?: unknown) {
  server.clock.advance(1000);
  return server.api(method, path, { token, body });
}

describe("changes live at once", () => {
  it("invalidates the published content once per write that changes what visitors see", async () => {
    const created = await write("POST", "/api/admin/articles", { title: "Borrador vivo", content: "Uno." });
    expect(created.status).toBe(201);
    const { id } = created.body.article;
    expect(invalidations()).toEqual([]); // a new draft shows nowhere

    await write("PUT", `/api/admin/articles/${id}`, { title: "Borrador vivo", content: "Dos.", version: 1 });
    expect(invalidations()).toEqual([]); // nor does an edited one

    const published = await write("PUT", `/api/admin/articles/${id}`, {
      title: "Borrador vivo",
      content: "Dos.",
      published: true,
      version: 2,
    });
    expect(published.status).toBe(200);
    expect(invalidations()).toEqual([
      {
        DistributionId: "E2EXAMPLE123",
        InvalidationBatch: {
          CallerReference: expect.stringMatching(new RegExp(`^article-${id}-`)),
          Paths: {
            Quantity: 5,
            Items: ["/es/blog*", "/en/blog*", "/pt/blog*", "/api/articles*", "/sitemap.xml"],
          },
        },
      },
    ]);

    await write("PUT", `/api/admin/articles/${id}`, { title: "Borrador vivo", content: "Tres.", version: 3 });
    await write("POST", `/api/admin/articles/${id}/revisions/3/restore`, { version: 4 });
    await write("DELETE", `/api/admin/articles/${id}`);
    // Unpublish (published before), delete; the restore of a draft shows nowhere.
    expect(invalidations()).toHaveLength(3);
    const references = invalidations().map((i) => i.InvalidationBatch!.CallerReference);
    expect(new Set(references).size).toBe(references.length);
    // The distribution's id is read once per process.
    expect(ssm.commandCalls(GetParameterCommand).length).toBeLessThanOrEqual(1);
  });

  it("keeps the write when CloudFront fails, and says so in the log", async () => {
    cloudFront.on(CreateInvalidationCommand).rejects(Object.assign(new Error("Rate exceeded"), { name: "Throttling" }));
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const created = await write("POST", "/api/admin/articles", {
        title: "Publicado sin CDN",
        content: "x",
        published: true,
      });
      expect(created.status).toBe(201);
      expect(log).toHaveBeenCalledWith(expect.stringContaining("CDN invalidation"), expect.anything());
      expect((await server.api("GET", `/api/articles/${created.body.article.slug}`)).status).toBe(200);
    } finally {
      log.mockRestore();
    }
  });

  it("serves public answers so browsers ask again: an unpublished or deleted article is gone on the next load", async () => {
    const created = await write("POST", "/api/admin/articles", {
      title: "Visible un momento",
      content: "x",
      published: true,
    });
    const { id, slug } = created.body.article;
    const shown = await server.api("GET", `/api/articles/${slug}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe(CACHE_CONTROL.publishedContent);
    expect(CACHE_CONTROL.publishedContent).toMatch(/max-age=0\b/);
    expect(
      (await server.api("GET", "/api/articles?limit=100")).body.articles.map((a: { id: string }) => a.id),
    ).toContain(id);
    await write("PUT", `/api/admin/articles/${id}`, { title: "Visible un momento", content: "x", version: 1 });
    // No waiting: the very next read.
    expect((await server.api("GET", `/api/articles/${slug}`)).status).toBe(404);
    expect(
      (await server.api("GET", "/api/articles?limit=100")).body.articles.map((a: { id: string }) => a.id),
    ).not.toContain(id);
    await write("PUT", `/api/admin/articles/${id}`, {
      title: "Visible un momento",
      content: "x",
      published: true,
      version: 2,
    });
    expect((await server.api("GET", `/api/articles/${slug}`)).status).toBe(200);
    await write("DELETE", `/api/admin/articles/${id}`);
    expect((await server.api("GET", `/api/articles/${slug}`)).status).toBe(404);
  });
});

describe("the local server without a CDN", () => {
  it("forgets its kept reads on a write: a published article's edit shows on the next read", async () => {
    const local = await startTestServer();
    try {
      const localToken = await local.login();
      const created = await local.api("POST", "/api/admin/articles", {
        token: localToken,
        body: { title: "Leído y cambiado", content: "x", published: true },
      });
      const { id, slug } = created.body.article;
      expect((await local.api("GET", `/api/articles/${slug}`)).body.article.content).toBe("x");
      await local.api("PUT", `/api/admin/articles/${id}`, {
        token: localToken,
        body: { title: "Leído y cambiado", content: "y", published: true, version: 1 },
      });
      expect((await local.api("GET", `/api/articles/${slug}`)).body.article.content).toBe("y");
      await local.api("PUT", `/api/admin/articles/${id}`, {
        token: localToken,
        body: { title: "Leído y cambiado", content: "y", published: false, version: 2 },
      });
      expect((await local.api("GET", `/api/articles/${slug}`)).status).toBe(404);
      expect(invalidations()).toEqual([]);
    } finally {
      await local.close();
    }
  });
});
