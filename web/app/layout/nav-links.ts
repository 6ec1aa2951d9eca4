/** The header's page links (paths without the language prefix) and their label keys. */
export const HEADER_LINKS = [
  { page: "/servicios", label: "nav.services" },
  { page: "/sobre-nosotros", label: "nav.about" },
  { page: "/blog", label: "nav.blog" },
] as const;
