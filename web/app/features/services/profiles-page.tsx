import { ServicePage } from "./service-page.tsx";

/** `/{lang}/servicios/perfiles`. */
export default function ProfilesPage() {
  return <ServicePage slug="perfiles" />;
}
