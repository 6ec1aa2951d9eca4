import { ServicePage } from "./service-page.tsx";

/** `/{lang}/servicios/contrareembolso`. */
export default function CashOnDeliveryPage() {
  return <ServicePage slug="contrareembolso" />;
}
