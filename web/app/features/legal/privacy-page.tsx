import { LegalPage } from "./legal-page.tsx";

/** `/{lang}/privacidad`. */
export default function PrivacyPage() {
  return <LegalPage document="privacy" />;
}
