import type { ReactNode } from "react";

/** A landing section: anchor id, heading (h2) and intro, labelled for landmarks navigation. */
export function Section({
  id,
  heading,
  intro,
  children,
  className = "",
}: {
  id: string;
  heading: string;
  intro?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`py-16 sm:py-24 ${className}`}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={`${id}-heading`} className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            {heading}
          </h2>
          {intro ? <p className="mt-4 text-lg text-slate-700">{intro}</p> : null}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}
