import { redirect } from "react-router";

/** `/{lang}/blog/post/{x}` is an alias of `/{lang}/blog/{x}` (docs/decisions/0001-blog-url-readings.md). */
export function clientLoader({ params }: { params: { lang?: string; segment?: string } }) {
  return redirect(`/${params.lang ?? "es"}/blog/${encodeURIComponent(params.segment ?? "")}`);
}

export default function BlogPostAlias() {
  return null;
}
