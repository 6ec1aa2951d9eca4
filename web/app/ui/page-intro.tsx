import type { ReactNode } from "react";

export interface PageIntroProps {
  heading: string;
  intro: string;
  /** Above the heading: a small label, or the 'Volver' link of a detail page. */
  top?: ReactNode;
  /** Under the intro: buttons, figures, text marks. */
  children?: ReactNode;
}

/** The opening of a marketing page: its one h1 and its intro, on the landing's hero tint. */
export function PageIntro({ heading, intro, top, children }: PageIntroProps) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 pt-10 pb-14 sm:px-6 sm:pt-14 lg:pb-20">
        {top}
        <div className="max-w-3xl">
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-5xl">{heading}</h1>
          <p className="mt-6 text-lg text-slate-700">{intro}</p>
        </div>
        {children}
      </div>
    </div>
  );
}
