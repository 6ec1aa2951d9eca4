/** A title (and robots rule) for pages outside the public site's head (admin, redirects); React 19 hoists them into <head>. */
export function DocumentHead({ title, robots }: { title?: string; robots?: string }) {
  return (
    <>
      {title !== undefined ? <title>{title}</title> : null}
      {robots ? <meta name="robots" content={robots} /> : null}
    </>
  );
}
