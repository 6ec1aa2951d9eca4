import { ServicePage } from "./service-page.tsx";

/** `/{lang}/servicios/almacen`. */
export default function WarehousePage() {
  return <ServicePage slug="almacen" />;
}
