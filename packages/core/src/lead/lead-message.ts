import { PRODUCT_NAME } from "../brand.ts";
import type { Lead, LeadKind } from "./lead.ts";
import type { MailMessage } from "../mail/mail-transport.ts";

/** The team reads these mails in Spanish (the company's language). */
const TITLES: Record<LeadKind, string> = {
  contact: "Nuevo mensaje de contacto",
  trial: "Nueva solicitud de prueba",
  newsletter: "Nueva suscripción al boletín",
};

/**
 * The one place where a lead becomes an e-mail, whatever the transport. The subject is a
 * header, so it holds only our own words and the lead id; everything the visitor typed
 * goes into the body (and, for EmailJS, into named template fields).
 */
export function leadMessage(lead: Lead): MailMessage {
  const title = TITLES[lead.kind];
  const subject = `${PRODUCT_NAME} · ${title} (${lead.id.slice(-8)})`;
  const rows: [string, string | undefined][] = [
    ["Nombre", lead.name],
    ["Email", lead.email],
    ["Empresa", lead.company],
    ["Teléfono", lead.phone],
    ["Idioma", lead.language],
    ["Recibido", lead.createdAt],
    ["Referencia", lead.id],
  ];
  const lines = rows.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
  const text = [
    `${title} desde la web de ${PRODUCT_NAME}.`,
    "",
    ...lines,
    ...(lead.message ? ["", "Mensaje:", lead.message] : []),
    "",
    lead.kind === "newsletter" ? "" : "Responde a este correo para contestar directamente.",
  ]
    .join("\n")
    .trimEnd();
  return {
    subject,
    text,
    replyTo: lead.email,
    fields: {
      subject,
      title,
      kind: lead.kind,
      lead_id: lead.id,
      from_name: lead.name ?? "",
      from_email: lead.email,
      reply_to: lead.email,
      company: lead.company ?? "",
      phone: lead.phone ?? "",
      message: lead.message ?? "",
      language: lead.language,
      created_at: lead.createdAt,
      body: text,
    },
  };
}
