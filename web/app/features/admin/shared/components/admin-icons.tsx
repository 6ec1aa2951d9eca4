import { LineIcon } from "../../../../ui/icons.tsx";

/**
 * The administration's inline icons (24×24, stroked, drawn by the site's `LineIcon`): the
 * editor's toolbar and the article cards' buttons. Their paths live here, not in `ui/icons.tsx`, because
 * that module is part of the `site` chunk every public page downloads
 * (docs/decisions/0156-markdown-editor-on-codemirror.md). Always beside a text name: `aria-hidden`.
 */
const PATHS = {
  heading: "M6 4v16M18 4v16M6 12h12",
  bold: "M7 4h6a4 4 0 0 1 0 8H7zm0 8h7a4 4 0 0 1 0 8H7z",
  italic: "M19 4h-9M14 20H5M15 4 9 20",
  link: "M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7",
  list: "M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01",
  quote: "M4 11h5v7H4zm0 0c0-4 1.5-6 5-7m5 7h5v7h-5zm0 0c0-4 1.5-6 5-7",
  image: "M4 5h16v14H4zm0 11 5-5 4 4 2-2 5 5M14 9a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0",
  edit: "M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4",
  delete: "M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6",
} as const;

export type AdminIconName = keyof typeof PATHS;

export function AdminIcon({ name, className = "h-5 w-5" }: { name: AdminIconName; className?: string }) {
  return <LineIcon path={PATHS[name]} className={className} strokeWidth="2" focusable="false" />;
}
