import { SimplePage } from "../../layout/simple-page.tsx";

export default function CashOnDeliveryPage() {
  return <SimplePage page="/servicios/contrareembolso" metaKey="cashOnDelivery" />;
}
