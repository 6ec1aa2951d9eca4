import { SimplePage } from "../../layout/simple-page.tsx";

export default function TermsPage() {
  return <SimplePage page="/terminos" metaKey="terms" />;
}
