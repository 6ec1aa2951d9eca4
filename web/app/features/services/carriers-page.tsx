import { ServicePage } from "./service-page.tsx";

/**
 * `/{lang}/servicios/transportistas`: the carriers list shows their names as text marks
 * (docs/decisions/0013-carriers-as-text-marks.md).
 */
export default function CarriersPage() {
  return <ServicePage slug="transportistas" bulletStyle={(id) => (id === "transportistas" ? "marks" : "list")} />;
}
