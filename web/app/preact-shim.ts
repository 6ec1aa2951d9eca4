import { options } from "preact";

// React-only props that Preact would write as attributes.
const previous = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown> | null;
  if (props && typeof vnode.type === "string" && "suppressHydrationWarning" in props) delete props.suppressHydrationWarning;
  previous?.(vnode);
};
