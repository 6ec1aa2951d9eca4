import { SimplePage } from "../../layout/simple-page.tsx";

export default function PrivacyPage() {
  return <SimplePage page="/privacidad" metaKey="privacy" />;
}
