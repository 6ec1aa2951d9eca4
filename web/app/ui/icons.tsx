/** Inline icons, nothing to download: `Icon`, the line icons (24×24, stroke) of the feature and service cards; `ControlIcon`, the close and menu buttons' marks; `CheckMark`, the tick of lists. */
const PATHS = {
  box: "M3 7.5 12 3l9 4.5v9L12 21l-9-4.5v-9Zm0 0 9 4.5m0 0 9-4.5M12 12v9",
  truck:
    "M3 6h11v9H3zM14 9h4l3 3v3h-7M7.5 18.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm11 0a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z",
  chat: "M4 5h16v10H9l-5 4V5Zm4 5h.01M12 10h.01M16 10h.01",
  chart: "M4 20V10m6 10V4m6 16v-7m4 7H2",
  warehouse: "M3 21V9l9-5 9 5v12M7 21v-8h10v8M7 17h10",
  shield: "M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Zm-3 9 2 2 4-4",
  play: "M8 5v14l11-7L8 5Z",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = "h-6 w-6" }: { name: IconName; className?: string }) {
  return <LineIcon path={PATHS[name]} className={className} strokeWidth="1.8" />;
}

/**
 * A 24×24 stroked icon: the card icons, the control marks and the admin's icons
 * (`admin-icons.tsx`) differ only in their path and weight; the admin's are also kept out of the
 * tab order of old browsers (`focusable`).
 */
export function LineIcon({
  path,
  className,
  strokeWidth,
  focusable,
}: {
  path: string;
  className: string;
  strokeWidth: string;
  focusable?: "false";
}) {
  return (
    <svg
      aria-hidden="true"
      focusable={focusable}
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}

/** The filled tick before a list item (plan features, partner benefits, service bullets); `className` aligns it with the text. */
export function CheckMark({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={`${className} h-4 w-4 shrink-0 fill-brand-700`}>
      <path d="M7.7 13.3 4.4 10l-1.2 1.2 4.5 4.5 9.1-9.1-1.2-1.2z" />
    </svg>
  );
}

const CONTROL_PATHS = {
  close: "M6 6l12 12M18 6L6 18",
  menu: "M4 7h16M4 12h16M4 17h16",
} as const;

/** The mark of a control button (close, menu): bolder than the card icons; the button names itself. */
export function ControlIcon({ name }: { name: keyof typeof CONTROL_PATHS }) {
  return <LineIcon path={CONTROL_PATHS[name]} className="h-6 w-6" strokeWidth="2" />;
}
