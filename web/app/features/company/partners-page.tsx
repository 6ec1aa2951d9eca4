import { SimplePage } from "../../layout/simple-page.tsx";

export default function PartnersPage() {
  return <SimplePage page="/empresa/socios" metaKey="partners" />;
}
