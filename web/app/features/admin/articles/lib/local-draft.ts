/**
 * What the administrator typed in the editor, kept in this browser until it is saved or
 * discarded, so a crash, a closed tab or an expired session loses nothing
 * (docs/decisions/0090-editor-keeps-typed-work.md). One copy per article, and one per
 * language for a new article.
 */
const PREFIX = "codcrm.admin.draft.";

export interface LocalDraft<T> {
  values: T;
  /** When it was kept (ISO instant), shown in the offer to recover it. */
  savedAt: string;
  /** The server version the typing was based on, when there is one. */
  version?: number;
}

export function draftKey(articleId: string | undefined, language: string): string {
  return PREFIX + (articleId ?? `new.${language}`);
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (privacy settings): the editor still works, without the local copy.
    return undefined;
  }
}

export function readDraft<T>(key: string): LocalDraft<T> | undefined {
  const raw = storage()?.getItem(key);
  if (!raw) return undefined;
  try {
    const draft = JSON.parse(raw) as LocalDraft<T>;
    return draft && typeof draft === "object" && draft.values && typeof draft.savedAt === "string" ? draft : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft<T>(key: string, draft: LocalDraft<T>): void {
  try {
    storage()?.setItem(key, JSON.stringify(draft));
  } catch {
    // Full storage: the server copy and the unsaved-changes guard still protect the work.
  }
}

export function removeDraft(key: string): void {
  storage()?.removeItem(key);
}

/** The key of what the editor keeps: the article's id, or "new" with the language a new one starts in. */
export function editorDraftKey(articleId: string | undefined, startLanguage: string): string {
  return draftKey(articleId, startLanguage);
}
