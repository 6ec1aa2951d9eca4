import { useId } from "react";
import type { ReactNode } from "react";

/** A panel of the editor drawn as a box: a region named by its heading. */
export function PanelSection({
  title,
  className = "",
  children,
}: {
  title: string;
  /** Added to the box's own classes (a background, the text size). */
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`rounded-lg border border-slate-200 p-4 ${className}`}>
      <h3 id={headingId} className="font-semibold text-ink">
        {title}
      </h3>
      {children}
    </section>
  );
}
