import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@codcrm/core/site/languages";
import { VALIDATION_CODES } from "@codcrm/core/validation";
import en from "../../../locales/en.json";
import es from "../../../locales/es.json";
import pt from "../../../locales/pt.json";

type Flat = Map<string, string>;

function flatten(value: unknown, prefix = "", out: Flat = new Map()): Flat {
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value === null) {
    out.set(prefix, value === null ? "" : String(value));
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => flatten(item, `${prefix}.${i}`, out));
  } else if (typeof value === "object") {
    for (const [key, item] of Object.entries(value)) flatten(item, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

const files = { es, en, pt };
const locales = Object.fromEntries(LANGUAGES.map((language) => [language, flatten(files[language])])) as Record<
  (typeof LANGUAGES)[number],
  Flat
>;

/**
 * Values that are rightly the same in every language: names of people and languages, order
 * numbers, anchor ids (URLs stay Spanish, as the route slugs do), e-mail addresses.
 */
const NAMES: RegExp[] = [
  /^language\.names\./,
  /\.author$/,
  /^landing\.hero\.preview\.rows\.\d+\.order$/,
  /\.id$/,
  /^about\.team\.members\.\d+\.name$/,
  /\.email$/,
];

/** Proper names every language writes alike: carriers, places, job titles used as such. */
const PROPER_NAMES = ["MRW", "GLS", "Correos Express", "NACEX", "TIPSA", "Madrid", "Customer Success Manager"];

/** Words a language shares with Spanish (compared by value, so new keys can use them too). */
const SHARED_WITH_SPANISH: Record<"en" | "pt", string[]> = {
  en: ["Blog", "Legal", "Premium", "Enterprise"],
  pt: [
    "Etiquetas",
    "Restaurar",
    "Por {{author}}",
    "Contacto",
    "Contactar",
    "Empresa",
    "Idioma",
    "clientes",
    "Básico",
    "Premium",
    "Volume",
    "Política de cookies",
    "Webhooks personalizados",
    "SLA dedicado",
    "Enterprise",
    "Etiquetas automáticas",
    "Titular: CodCRM Software S.L.",
    "Impacto real",
    "Tipo de contrato",
    "Enviar candidatura",
    "Operadores logísticos",
    "abril",
    "agosto",
    "{{day}} de {{month}} de {{year}}",
    "Publicada",
    "Todos",
    "Todas",
    "Ordenar por",
    "Modificado: {{date}}",
    "Recuperar",
    "Descartar",
  ],
};

/** Numbers, percentages and symbols ("100 %", "24/7") are not text to translate. */
const hasWords = (value: string) => /\p{L}{2,}/u.test(value.replace(/\{\{\w+\}\}/g, ""));

describe("locale files", () => {
  const spanish = locales.es;

  it.each(LANGUAGES)("%s has exactly the keys of the others, none empty", (language) => {
    const keys = [...locales[language].keys()].sort();
    for (const other of LANGUAGES) expect(keys, `${language} vs ${other}`).toEqual([...locales[other].keys()].sort());
    const empty = [...locales[language]].filter(([, value]) => !value.trim()).map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(["en", "pt"] as const)("%s is translated, not Spanish left in place", (language) => {
    const untranslated = [...locales[language]]
      .filter(([key, value]) => value === spanish.get(key) && hasWords(value))
      .filter(
        ([key, value]) =>
          !NAMES.some((pattern) => pattern.test(key)) &&
          ![...SHARED_WITH_SPANISH[language], ...PROPER_NAMES].includes(value),
      )
      .map(([key, value]) => `${key}: ${value}`);
    expect(untranslated).toEqual([]);
  });

  it("uses the same interpolation variables in every language", () => {
    const variables = (value: string) => [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const mismatched = [...spanish].flatMap(([key, value]) =>
      LANGUAGES.filter(
        (l) => JSON.stringify(variables(locales[l].get(key) ?? "")) !== JSON.stringify(variables(value)),
      ).map((l) => `${l}:${key}`),
    );
    expect(mismatched).toEqual([]);
  });

  it("has a text for every validation code the schemas emit", () => {
    for (const language of LANGUAGES) {
      for (const code of Object.keys(VALIDATION_CODES))
        expect(locales[language].get(`validation.${code}`), `${language} validation.${code}`).toBeTruthy();
    }
  });
});
