import { Suspense } from "react";
import type { ReactNode } from "react";
import { openContactForm, type OpenContactFormDetail } from "../lib/open-contact-form.ts";

export interface CallToActionProps {
  id?: string;
  heading: string;
  text: string;
  button: string;
  /** What the button opens the contact dialog for (a demo request unless said otherwise). */
  request?: OpenContactFormDetail;
  children?: ReactNode;
}

/**
 * The closing band of a page (as on the landing): a heading, a line and the contact dialog
 * button. At the end of a page, a Suspense boundary of its own: it hydrates after the page around
 * it (docs/decisions/0203-hydration-in-parts-by-react.md).
 */
export function CallToAction({
  id = "cta",
  heading,
  text,
  button,
  request = { intent: "demo" },
  children,
}: CallToActionProps) {
  return (
    <div>
      <Suspense>
        <section aria-labelledby={`${id}-heading`} className="bg-brand-800 py-16 text-center text-white sm:py-20">
          <div className="mx-auto max-w-3xl px-4">
            <h2 id={`${id}-heading`} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {heading}
            </h2>
            <p className="mt-4 text-lg text-brand-100">{text}</p>
            <button
              type="button"
              onClick={() => openContactForm(request)}
              className="mt-8 rounded-lg bg-white px-6 py-3 font-semibold text-brand-800 shadow-sm hover:bg-brand-50"
            >
              {button}
            </button>
            {children}
          </div>
        </section>
      </Suspense>
    </div>
  );
}
