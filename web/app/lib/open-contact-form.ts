import type { PlanId } from "./plans.ts";

/** The window event that opens the contact dialog (openContactForm, docs/decisions/0016-page-behaviour-kept.md). */
export const OPEN_CONTACT_FORM_EVENT = "openContactForm";

/**
 * The contact dialog's id. A button that opens the contact form as it is by default (intent
 * "contact", no plan) names it (`aria-controls`), and the page opens it before the app has
 * started (docs/decisions/0209-contact-dialog-opens-before-the-app.md).
 */
export const CONTACT_DIALOG_ID = "contact-dialog";

/** Why the visitor opens the form; the contact form may adapt its fields and subject. */
export type ContactIntent = "contact" | "demo" | "trial";

export interface OpenContactFormDetail {
  intent?: ContactIntent;
  /** The pricing plan the visitor chose, for trial requests. */
  plan?: PlanId;
}

/**
 * Opens the contact dialog from anywhere. Plain `window.dispatchEvent(new Event('openContactForm'))`
 * works too (intent "contact").
 */
export function openContactForm(detail: OpenContactFormDetail = {}): void {
  window.dispatchEvent(new CustomEvent<OpenContactFormDetail>(OPEN_CONTACT_FORM_EVENT, { detail }));
}

/**
 * What a button that opens the contact form as it is by default carries: it names the dialog, so
 * that before the app has started the page opens it at once (web/start/start-app.js).
 */
export function contactFormButton() {
  return {
    type: "button",
    "aria-controls": CONTACT_DIALOG_ID,
    "aria-haspopup": "dialog",
    onClick: () => openContactForm(),
  } as const;
}
