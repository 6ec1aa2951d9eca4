import type { PlanId } from "./plans.ts";

/** The window event that opens the contact dialog (openContactForm, docs/decisions/0016-page-behaviour-kept.md). */
export const OPEN_CONTACT_FORM_EVENT = "openContactForm";

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
