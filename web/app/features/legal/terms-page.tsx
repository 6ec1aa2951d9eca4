import { LegalPage } from "./legal-page.tsx";

/** `/{lang}/terminos`. */
export default function TermsPage() {
  return <LegalPage document="terms" />;
}
