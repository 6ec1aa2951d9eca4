import type { ReactNode } from "react";
import { LinkedText } from "./linked-text.tsx";
import type { CopySectionData } from "./use-copy.ts";
import { CheckMark } from "./icons.tsx";

/** Bullets as a list, or as text marks (carrier names). */
export type BulletStyle = "list" | "marks";

function Bullets({ items, style }: { items: string[]; style: BulletStyle }) {
  if (style === "marks") {
    return (
      <ul className="my-6 flex flex-wrap gap-3">
        {items.map((item) => (
          <li
            key={item}
            className="rounded-xl border border-slate-200 bg-white px-5 py-3 text-xl font-extrabold tracking-tight text-slate-800 shadow-sm"
          >
            {item}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="my-5 space-y-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <CheckMark className="mt-1" />
          <span>
            <LinkedText text={item} />
          </span>
        </li>
      ))}
    </ul>
  );
}

export interface CopySectionProps {
  section: CopySectionData;
  bullets?: BulletStyle;
  /** Heading size: service pages use larger headings than legal texts. */
  size?: "large" | "small";
  children?: ReactNode;
}

/**
 * One section of long copy. The copy introduces its bullets in the first paragraph
 * ("...los siguientes derechos:"), so the bullets follow it and the other paragraphs close.
 */
export function CopySection({ section, bullets = "list", size = "large", children }: CopySectionProps) {
  const [first, ...rest] = section.paragraphs;
  const headingId = `${section.id}-heading`;
  return (
    <section id={section.id} aria-labelledby={headingId} className="scroll-mt-24">
      <h2
        id={headingId}
        className={`font-bold tracking-tight text-ink ${size === "large" ? "text-2xl sm:text-3xl" : "text-xl sm:text-2xl"}`}
      >
        {section.heading}
      </h2>
      <div className="mt-4 space-y-4 text-slate-700 sm:text-lg/8">
        {first ? (
          <p>
            <LinkedText text={first} />
          </p>
        ) : null}
        {section.bullets?.length ? <Bullets items={section.bullets} style={bullets} /> : null}
        {rest.map((paragraph) => (
          <p key={paragraph}>
            <LinkedText text={paragraph} />
          </p>
        ))}
      </div>
      {children}
    </section>
  );
}
