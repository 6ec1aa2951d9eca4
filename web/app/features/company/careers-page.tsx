import { SimplePage } from "../../layout/simple-page.tsx";

export default function CareersPage() {
  return <SimplePage page="/empresa/empleo" metaKey="careers" />;
}
