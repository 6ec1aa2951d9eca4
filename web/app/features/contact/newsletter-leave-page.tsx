import { apiRequest } from "../../lib/api-client.ts";
import { NewsletterLinkPage } from "./newsletter-link-page.tsx";

/** The same endpoint a mailbox provider's one-click POST reaches; the token stays in the URL. */
const leave = (token: string) =>
  apiRequest<void>(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, { method: "POST" });

/** `/{lang}/newsletter/baja?token=…`, the visible unsubscribe link of every newsletter mail (docs/decisions/0162-one-click-unsubscribe.md). */
export default function NewsletterLeavePage() {
  return (
    <NewsletterLinkPage
      page="/newsletter/baja"
      strings="newsletterLeave"
      act={leave}
      refusals={{ invalid_token: "invalid" }}
    />
  );
}
