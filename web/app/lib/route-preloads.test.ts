import { describe, expect, it } from "vitest";
import { routeModulesFor } from "./route-preloads.ts";

// The shape React Router's build writes into window.__reactRouterManifest (routes only).
const routes = {
  root: { id: "root", path: "", module: "/assets/root.js", imports: ["/assets/site.js"] },
  "features/admin/admin-layout": {
    id: "features/admin/admin-layout",
    parentId: "root",
    path: "admin",
    module: "/assets/admin-layout.js",
    imports: ["/assets/site.js"],
  },
  "features/admin/admin-entry": {
    id: "features/admin/admin-entry",
    parentId: "features/admin/admin-layout",
    index: true,
    module: "/assets/admin-entry.js",
  },
  "features/admin/admin-login-page": {
    id: "features/admin/admin-login-page",
    parentId: "features/admin/admin-layout",
    path: "login",
    module: "/assets/admin-login-page.js",
    imports: ["/assets/site.js", "/assets/admin-session.js"],
  },
  "site-layout": { id: "site-layout", parentId: "root", path: ":lang", module: "/assets/site-layout.js" },
  "features/blog/blog-segment-page": {
    id: "features/blog/blog-segment-page",
    parentId: "site-layout",
    path: "blog/:segment",
    module: "/assets/blog-segment-page.js",
    imports: ["/assets/blog.js"],
  },
};

describe("the route modules a path needs", () => {
  it("lists every matched route's module and imports, once each, outermost first", () => {
    expect(routeModulesFor("/admin/login", routes)).toEqual([
      "/assets/root.js",
      "/assets/site.js",
      "/assets/admin-layout.js",
      "/assets/admin-login-page.js",
      "/assets/admin-session.js",
    ]);
    expect(routeModulesFor("/en/blog/an-article", routes)).toEqual([
      "/assets/root.js",
      "/assets/site.js",
      "/assets/site-layout.js",
      "/assets/blog-segment-page.js",
      "/assets/blog.js",
    ]);
    expect(routeModulesFor("/admin", routes)).toContain("/assets/admin-entry.js");
  });

  it("names nothing for a path no route matches", () => {
    expect(routeModulesFor("/en/blog/a/b/c", routes)).toEqual([]);
  });
});
