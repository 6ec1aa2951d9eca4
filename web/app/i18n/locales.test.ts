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

/** i18next's plural suffixes, the categories of Intl.PluralRules (docs/decisions/0202-i18next-and-plural-rules.md). */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralCategories = (language: string) => new Intl.PluralRules(language).resolvedOptions().pluralCategories;

/** The strings with plural forms: those with an `_other` form (`validation.too_many` alone is a key of its own). */
const bases = new WeakMap<Flat, Set<string>>();
const pluralBases = (flat: Flat) => {
  let found = bases.get(flat);
  if (!found)
    bases.set(
      flat,
      (found = new Set([...flat.keys()].filter((key) => key.endsWith("_other")).map((key) => key.replace(PLURAL, "")))),
    );
  return found;
};

/** The key a key is a form of (`blog.views_one` -> `blog.views`), or itself. */
const baseOf = (flat: Flat, key: string) => {
  const base = key.replace(PLURAL, "");
  return base !== key && pluralBases(flat).has(base) ? base : key;
};

/** Keys with their plural forms folded into the key they are forms of. */
const baseKeys = (flat: Flat) => [...new Set([...flat.keys()].map((key) => baseOf(flat, key)))].sort();
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
  en: ["Blog", "Legal", "Premium", "Enterprise", "HTML", "Editor", "editor"],
  pt: [
    // Staff roles and words that are the same in both languages.
    "Administrador",
    "administrador",
    "Editor",
    "editor",
    "Colaborador",
    "colaborador",
    "Código",
    "Suspender",
    "{{count}} vez",
    "Etiquetas",
    "Restaurar",
    "Restaurar «{{title}}»",
    "Publicar",
    "Despublicar",
    "HTML",
    "Guardado {{ago}}",
    "Guardado.",
    "Guardar",
    "Estado",
    "Respondido",
    "Respondidos",
    "Mostrar",
    "ingles",
    "portugues",
    "Página",
    "Blog",
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
    "Enviado: {{parts}}.",
    "{{count, number}} enviado",
    "Páginas vistas",
    "Visitantes",
    "Visitas",
    "Páginas",
    "Página",
    "Entradas",
    "Países, dispositivos e idiomas",
    "Países",
    "País",
    "Dispositivos",
    "Dispositivo",
    "Idiomas",
    "Tipo de página · métrica",
    "Legal",
    "Percentil 75",
    "{{count, number}} enviados",
  ],
};

/** Numbers, percentages and symbols ("100 %", "24/7") are not text to translate. */
const hasWords = (value: string) => /\p{L}{2,}/u.test(value.replace(/\{\{[^}]+\}\}/g, ""));

describe("locale files", () => {
  const spanish = locales.es;

  it.each(LANGUAGES)("%s has exactly the keys of the others, none empty", (language) => {
    const keys = baseKeys(locales[language]);
    for (const other of LANGUAGES) expect(keys, `${language} vs ${other}`).toEqual(baseKeys(locales[other]));
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

  it.each(LANGUAGES)("%s gives each plural string every form its language's plural rules name", (language) => {
    const flat = locales[language];
    const plurals = [...pluralBases(flat)];
    expect(plurals).toContain("blog.views");
    const missing = plurals.flatMap((base) =>
      pluralCategories(language)
        .filter((category) => !flat.has(`${base}_${category}`))
        .map((category) => `${base}_${category}`),
    );
    expect(missing).toEqual([]);
  });

  it("uses the same interpolation variables in every language", () => {
    const byBase = (flat: Flat) => {
      const grouped = new Map<string, Set<string>>();
      for (const [key, value] of flat) {
        const names = grouped.get(baseOf(flat, key)) ?? new Set();
        for (const match of value.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)) names.add(match[1]!);
        grouped.set(baseOf(flat, key), names);
      }
      return (key: string) => JSON.stringify([...(grouped.get(key) ?? [])].sort());
    };
    const of = Object.fromEntries(LANGUAGES.map((l) => [l, byBase(locales[l])]));
    const variables = (flat: Flat, key: string) => of[LANGUAGES.find((l) => locales[l] === flat)!]!(key);
    const mismatched = baseKeys(spanish).flatMap((key) =>
      LANGUAGES.filter((l) => variables(locales[l], key) !== variables(spanish, key)).map((l) => `${l}:${key}`),
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
