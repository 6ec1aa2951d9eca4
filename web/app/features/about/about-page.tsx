import { SimplePage } from "../../layout/simple-page.tsx";

export default function AboutPage() {
  return <SimplePage page="/sobre-nosotros" metaKey="about" />;
}
