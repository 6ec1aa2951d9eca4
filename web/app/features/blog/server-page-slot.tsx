import { useSyncExternalStore } from "react";
import { hasServerContent, onServerContentRemoved, SERVER_MARK } from "./server-page.ts";

const KEEP = { __html: "" };

/**
 * The place of a server-rendered blog page's content in the document
 * (packages/functions/src/pages/blog-html.ts writes it first in <body>): hydration keeps it as it
 * is, and it goes when the page's route has rendered the same page itself
 * (`removeServerContent`). Without it, hydration would take the element for one the app does
 * not render and remove it at once, leaving the page blank until the route has its data.
 */
export function ServerPageSlot() {
  const present = useSyncExternalStore(onServerContentRemoved, hasServerContent, hasServerContent);
  if (!present) return null;
  const mark = { [SERVER_MARK]: "" };
  return <server-page {...mark} dangerouslySetInnerHTML={KEEP} />;
}

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "server-page": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}
