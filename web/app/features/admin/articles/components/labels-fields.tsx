import { useId, useState } from "react";
import { AUTHOR_MAX, TAGS_MAX } from "@codcrm/core/article/article-schema";
import { normalizeTags } from "@codcrm/core/article/tags";
import { useTranslation } from "../../../../i18n/language-context.tsx";

const INPUT = "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900";

/**
 * The article's author and tags. A tag is added with Enter, a comma or the button; what it
 * becomes is decided by the server's own rule (`normalizeTags`), so a repeat by slug is not
 * added twice and a name without a letter or digit is refused on the spot.
 */
export function LabelsFields({
  author,
  tags,
  errors,
  onAuthor,
  onTags,
}: {
  author: string;
  tags: string[];
  errors: { author?: string; tags?: string };
  onAuthor(value: string): void;
  onTags(value: string[]): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState("");
  const [draftError, setDraftError] = useState<string | undefined>();

  function add(text: string) {
    const names = text
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    if (!names.length) return;
    if (names.some((name) => !normalizeTags([name]).length)) return setDraftError("invalid");
    const next = normalizeTags([...tags, ...names]).map((tag) => tag.name);
    if (next.length > TAGS_MAX) return setDraftError("too_many");
    setDraftError(undefined);
    onTags(next);
    setDraft("");
  }

  const tagError = draftError ?? errors.tags;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div>
        <label htmlFor={`${id}-author`} className="block text-sm font-semibold text-slate-800">
          {t("admin.editor.fields.author")}
        </label>
        <input
          id={`${id}-author`}
          type="text"
          value={author}
          maxLength={AUTHOR_MAX}
          onChange={(event) => onAuthor(event.target.value)}
          aria-invalid={errors.author ? true : undefined}
          aria-describedby={`${id}-author-hint${errors.author ? ` ${id}-author-error` : ""}`}
          className={INPUT}
        />
        <p id={`${id}-author-hint`} className="mt-1 text-xs text-slate-600">
          {t("admin.editor.fields.authorHint")}
        </p>
        {errors.author ? (
          <p id={`${id}-author-error`} className="mt-1 text-sm font-medium text-red-700">
            {t(`validation.${errors.author}`)}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${id}-tag`} className="block text-sm font-semibold text-slate-800">
          {t("admin.editor.fields.tags")}
        </label>
        {tags.length ? (
          <ul className="mt-1 flex flex-wrap gap-2" data-testid="editor-tags">
            {tags.map((name) => (
              <li
                key={name}
                className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-800"
              >
                {name}
                <button
                  type="button"
                  onClick={() => onTags(tags.filter((other) => other !== name))}
                  aria-label={t("admin.editor.fields.removeTag", { name })}
                  className="inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-slate-200"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-1 flex gap-2">
          <input
            id={`${id}-tag`}
            type="text"
            value={draft}
            placeholder={t("admin.editor.fields.newTag")}
            onChange={(event) => {
              const value = event.target.value;
              // A comma ends a tag, as Enter does.
              if (value.includes(",")) add(value);
              else setDraft(value);
            }}
            onKeyDown={(event) => {
              // Enter adds the tag instead of saving the article.
              if (event.key === "Enter") {
                event.preventDefault();
                add(draft);
              }
            }}
            aria-invalid={tagError ? true : undefined}
            aria-describedby={`${id}-tags-hint${tagError ? ` ${id}-tags-error` : ""}`}
            className={`${INPUT} mt-0`}
          />
          <button
            type="button"
            onClick={() => add(draft)}
            className="shrink-0 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
          >
            {t("admin.editor.fields.addTag")}
          </button>
        </div>
        <p id={`${id}-tags-hint`} className="mt-1 text-xs text-slate-600">
          {t("admin.editor.fields.tagsHint")}
        </p>
        {tagError ? (
          <p id={`${id}-tags-error`} className="mt-1 text-sm font-medium text-red-700">
            {t(`validation.${tagError}`)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
