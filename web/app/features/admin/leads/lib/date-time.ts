/** A lead's dates, in the admin's language (its person's). */
export const dateTime = (iso: string, language = "es") =>
  new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
