/** A lead's dates, in the administration's language (Spanish). */
export const dateTime = (iso: string) =>
  new Intl.DateTimeFormat("es", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
