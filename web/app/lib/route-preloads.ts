import { matchRoutes } from "react-router";

/** The part of React Router's build manifest (`window.__reactRouterManifest`) read here. */
interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  children?: RouteNode[];
}

/**
 * The modules of the routes `pathname` renders and the chunks they import, from the build
 * manifest. A prerendered page names them in its own HTML; the app shell (admin, client-rendered
 * pages) names only the root, and the router would ask for the rest after hydrating, one level
 * of imports after another.
 */
export function routeModulesFor(pathname: string, routes: Record<string, ManifestRoute>): string[] {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(routes))
    nodes.set(route.id, { id: route.id, path: route.path, index: route.index });
  const top: RouteNode[] = [];
  for (const route of Object.values(routes)) {
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else top.push(node);
  }
  // matchRoutes only reads id, path, index and children.
  const matches = matchRoutes(top as Parameters<typeof matchRoutes>[0], pathname) ?? [];
  const modules = matches.flatMap((match) => {
    const route = routes[match.route.id!];
    return route ? [route.module, ...(route.imports ?? [])] : [];
  });
  return [...new Set(modules)];
}

/**
 * Asks for the current route's modules now, while the app's language file loads, instead of
 * after hydration: `modulepreload` fetches and compiles without running them, and the router
 * then finds them ready. Modules the page already preloads are not asked for twice.
 */
export function preloadRouteModules(): void {
  const { __reactRouterManifest: manifest, __reactRouterContext: context } = window as {
    __reactRouterManifest?: { routes: Record<string, ManifestRoute> };
    __reactRouterContext?: { isSpaMode?: boolean };
  };
  // A prerendered page names its route's modules itself: only the app shell needs this.
  if (!manifest || context?.isSpaMode === false) return;
  const known = new Set(
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
      (link) => new URL(link.href, location.href).pathname,
    ),
  );
  for (const href of routeModulesFor(location.pathname, manifest.routes)) {
    if (known.has(href)) continue;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.appendChild(link);
  }
}
