import { Fragment, type ReactNode } from "react";

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A translated string whose parts are marked with tags the translators keep in place:
 * `"Acepto la <privacyLink>política de privacidad</privacyLink> ..."` renders the marked part
 * with `tags.privacyLink`. The text stays text: an unknown tag is shown as written.
 */
export function TaggedText({ text, tags }: { text: string; tags: Record<string, (children: string) => ReactNode> }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name, inner] = match as unknown as [string, string, string];
    const render = tags[name];
    if (!render) continue;
    parts.push(text.slice(last, match.index), <Fragment key={match.index}>{render(inner)}</Fragment>);
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
