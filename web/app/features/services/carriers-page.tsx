import { ServicePage } from "./service-page.tsx";

/** `/{lang}/servicios/transportistas`: the carriers list shows their names as text marks (DECISIONS "Copy"). */
export default function CarriersPage() {
  return <ServicePage slug="transportistas" bulletStyle={(id) => (id === "transportistas" ? "marks" : "list")} />;
}
