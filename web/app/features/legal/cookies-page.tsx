import { LegalPage } from "./legal-page.tsx";

/** `/{lang}/cookies`. */
export default function CookiesPage() {
  return <LegalPage document="cookies" />;
}
