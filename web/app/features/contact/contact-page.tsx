import { SimplePage } from "../../layout/simple-page.tsx";
import { ContactForm } from "./contact-form.tsx";

export default function ContactPage() {
  return (
    <SimplePage page="/contacto" metaKey="contact">
      <div className="mt-10">
        <ContactForm intent="contact" onDone={() => {}} />
      </div>
    </SimplePage>
  );
}
