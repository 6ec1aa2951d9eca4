import { options } from "preact";

/**
 * What React's props mean that Preact does not know (docs/decisions/0140-preact-on-every-page.md),
 * set before anything renders: the build's entry and the browser's both import this first.
 *
 * - `suppressHydrationWarning`, which React Router writes on its scripts, tells React not to
 *   report a difference it finds while hydrating; Preact reports none, and would write the prop
 *   into the HTML as an attribute.
 */
const next = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown> | null;
  if (typeof vnode.type === "string" && props && "suppressHydrationWarning" in props)
    delete props.suppressHydrationWarning;
  next?.(vnode);
};
