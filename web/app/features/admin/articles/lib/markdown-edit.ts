/** What the editor's toolbar and shortcuts do to the content: Markdown typed for the writer. */
export type MarkdownAction = "heading" | "bold" | "italic" | "link" | "list" | "quote" | "image";

export const MARKDOWN_ACTIONS: readonly MarkdownAction[] = [
  "heading",
  "bold",
  "italic",
  "link",
  "list",
  "quote",
  "image",
];

/** Ctrl (⌘ on a Mac) + B / I / K. */
export const SHORTCUTS: Readonly<Record<string, MarkdownAction>> = { b: "bold", i: "italic", k: "link" };

export interface TextEdit {
  text: string;
  /** What to select afterwards: the words the writer will most likely type over. */
  selectionStart: number;
  selectionEnd: number;
}

/** Words put in when nothing is selected (in the administration's language). */
export interface Placeholders {
  text: string;
  link: string;
  alt: string;
  /** The uploaded image's address, for `image` (the Image button uploads first). */
  imageUrl?: string;
}

const LINE_PREFIX: Partial<Record<MarkdownAction, string>> = { heading: "## ", list: "- ", quote: "> " };
const WRAP: Partial<Record<MarkdownAction, string>> = { bold: "**", italic: "*" };
const URL_PLACEHOLDER = "https://";

export function applyMarkdown(
  action: MarkdownAction,
  text: string,
  start: number,
  end: number,
  placeholders: Placeholders,
): TextEdit {
  const selected = text.slice(start, end);
  const before = text.slice(0, start);
  const after = text.slice(end);

  const prefix = LINE_PREFIX[action];
  if (prefix) return prefixLines(text, start, end, prefix);

  const mark = WRAP[action];
  if (mark) {
    const inner = selected || placeholders.text;
    return {
      text: before + mark + inner + mark + after,
      selectionStart: start + mark.length,
      selectionEnd: start + mark.length + inner.length,
    };
  }

  if (action === "link") {
    const label = selected || placeholders.link;
    const urlAt = start + label.length + 3;
    return {
      text: `${before}[${label}](${URL_PLACEHOLDER})${after}`,
      selectionStart: urlAt,
      selectionEnd: urlAt + URL_PLACEHOLDER.length,
    };
  }

  // An image on a line of its own, its alt text selected: it is required before publishing.
  const alt = selected || placeholders.alt;
  const lead = before === "" || before.endsWith("\n") ? "" : "\n";
  const image = `![${alt}](${placeholders.imageUrl ?? `${URL_PLACEHOLDER}…`})`;
  const trail = after === "" || after.startsWith("\n") ? "" : "\n";
  const altAt = start + lead.length + 2;
  return {
    text: before + lead + image + trail + after,
    selectionStart: altAt,
    selectionEnd: altAt + alt.length,
  };
}

/** Puts `prefix` before every selected line, or takes it away when every line has it already. */
function prefixLines(text: string, start: number, end: number, prefix: string): TextEdit {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const nextBreak = text.indexOf("\n", end > start && text[end - 1] === "\n" ? end - 1 : end);
  const lineEnd = nextBreak === -1 ? text.length : nextBreak;
  const lines = text.slice(lineStart, lineEnd).split("\n");
  const remove = lines.every((line) => line.startsWith(prefix));
  const changed = lines.map((line) => (remove ? line.slice(prefix.length) : prefix + line)).join("\n");
  // With nothing selected the caret goes to the end of the line, to type on.
  const changedEnd = lineStart + changed.length;
  return {
    text: text.slice(0, lineStart) + changed + text.slice(lineEnd),
    selectionStart: start === end ? changedEnd : lineStart,
    selectionEnd: changedEnd,
  };
}

/** A text replaced by another as one change: the part that differs, between what both share at each end. */
export interface TextChange {
  from: number;
  to: number;
  insert: string;
}

/**
 * The smallest change that turns `before` into `after`: the editor dispatches it as one
 * transaction, so undo takes back exactly the toolbar's edit and what was typed around it stays.
 */
export function changeBetween(before: string, after: string): TextChange {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before[start] === after[start]) start++;
  let end = 0;
  while (end < shorter - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}
