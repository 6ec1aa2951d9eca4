import { SimplePage } from "../../layout/simple-page.tsx";

export default function ProfilesPage() {
  return <SimplePage page="/servicios/perfiles" metaKey="profiles" />;
}
