import { SimplePage } from "../../layout/simple-page.tsx";

export default function WarehousePage() {
  return <SimplePage page="/servicios/almacen" metaKey="warehouse" />;
}
