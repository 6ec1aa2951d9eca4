import type { NewsletterConfirmResponse } from "@codcrm/core/lead/lead-api";
import { apiRequest } from "../../lib/api-client.ts";
import { NewsletterLinkPage } from "./newsletter-link-page.tsx";

const confirm = (token: string) =>
  apiRequest<NewsletterConfirmResponse>("/api/newsletter/confirm", { method: "POST", body: { token } });

/** `/{lang}/newsletter/confirmar?token=…`, the link of the confirmation mail (docs/decisions/0160-newsletter-double-opt-in.md). */
export default function NewsletterConfirmPage() {
  return (
    <NewsletterLinkPage
      page="/newsletter/confirmar"
      strings="newsletterConfirm"
      act={confirm}
      refusals={{
        invalid_token: "invalid",
        validation_failed: "invalid",
        expired_token: "expired",
        token_used: "used",
      }}
    />
  );
}
