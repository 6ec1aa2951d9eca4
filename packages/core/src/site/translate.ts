/**
 * Strings by dotted key, with `{{name}}` placeholders: the one lookup the web app (through
 * its translation store) and the server-rendered pages use over `locales/*.json`.
 */

/** One locale file (`locales/{lang}.json`): top-level keys are namespaces (`landing`, `nav`, ...). */
export type LocaleStrings = Record<string, unknown>;

/** Values for the `{{name}}` placeholders of a string. */
export type Variables = Record<string, string | number>;

/**
 * Looks a string up by its dotted key (`t("nav.blog")`) and fills in its `{{name}}`
 * placeholders. `t.list` reads a list of the copy (cards, sections), with the placeholders of
 * every string in it filled in too.
 */
export interface Translate {
  (key: string, variables?: Variables): string;
  list<T>(key: string, variables?: Variables): T[];
}

/** docs/decisions/0007-own-translator.md: a missing key shows the key itself, and the console says so. */
function missingKey(key: string): string {
  console.warn(`Missing translation: ${key}`);
  return key;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function fill(text: string, variables: Variables | undefined, key: string): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = variables?.[name];
    if (value !== undefined) return String(value);
    // Left visible, like a missing key: a blank would hide the mistake.
    console.warn(`Missing value for ${placeholder} in ${key}`);
    return placeholder;
  });
}

function fillAll(value: unknown, variables: Variables | undefined, key: string): unknown {
  if (typeof value === "string") return fill(value, variables, key);
  if (Array.isArray(value)) return value.map((item) => fillAll(item, variables, key));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, fillAll(item, variables, key)]));
  }
  return value;
}

function lookUp(strings: LocaleStrings | undefined, key: string): unknown {
  let node: unknown = strings;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** The `t` of one language's strings. No fallback to another language: a gap shows its key. */
export function createTranslate(strings: LocaleStrings | undefined): Translate {
  const t = (key: string, variables?: Variables): string => {
    const value = lookUp(strings, key);
    return typeof value === "string" ? fill(value, variables, key) : missingKey(key);
  };
  t.list = <T>(key: string, variables?: Variables): T[] => {
    const value = lookUp(strings, key);
    if (Array.isArray(value)) return fillAll(value, variables, key) as T[];
    missingKey(key);
    return [];
  };
  return t;
}
