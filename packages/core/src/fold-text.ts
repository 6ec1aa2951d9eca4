/**
 * Lower case without accents: "Envíos" finds "envios" and the other way round. What every
 * admin search compares (articles by title, leads by who and what).
 */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("es");
}

/** Whether every word of `query` is somewhere in `texts`, whatever the case and accents. */
export function matchesEveryWord(query: string, texts: readonly (string | undefined)[]): boolean {
  const haystack = foldText(texts.filter(Boolean).join(" \n "));
  return foldText(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
