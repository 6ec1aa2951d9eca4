import { SimplePage } from "../../layout/simple-page.tsx";

export default function CookiesPage() {
  return <SimplePage page="/cookies" metaKey="cookies" />;
}
