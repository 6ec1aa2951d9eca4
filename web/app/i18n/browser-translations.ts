import { TranslationStore } from "./translation-store.ts";

/**
 * The browser's strings: the entry fills it with the first page's language before hydrating
 * (entry.client.tsx), the language route's loader with the language a navigation goes to
 * (site-layout.tsx).
 */
export const browserTranslations = new TranslationStore();
