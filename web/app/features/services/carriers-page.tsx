import { SimplePage } from "../../layout/simple-page.tsx";

export default function CarriersPage() {
  return <SimplePage page="/servicios/transportistas" metaKey="carriers" />;
}
