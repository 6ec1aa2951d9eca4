import { SimplePage } from "../../layout/simple-page.tsx";

export default function ServicesPage() {
  return <SimplePage page="/servicios" metaKey="services" />;
}
