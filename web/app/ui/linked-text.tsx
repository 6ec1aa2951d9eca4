import { Fragment } from "react";

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;

/** Copy text with its e-mail addresses (privacy, careers) as mailto links. */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(EMAIL);
  return (
    <>
      {parts.map((part, i) =>
        // split() with a capture group puts the matches at the odd positions.
        i % 2 === 1 ? (
          <a key={i} href={`mailto:${part}`} className="font-medium text-brand-700 underline hover:text-brand-900">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
