/** Text for an HTML text node or a quoted attribute value: nothing in it can open markup. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/**
 * JSON to place inside a `<script type="application/json">` or `application/ld+json` block:
 * `<` is escaped so no string in it can close the block (`</script>`) or open a comment.
 */
export function embedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
