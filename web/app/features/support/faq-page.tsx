import { SimplePage } from "../../layout/simple-page.tsx";

export default function FaqPage() {
  return <SimplePage page="/soporte/faq" metaKey="faq" />;
}
