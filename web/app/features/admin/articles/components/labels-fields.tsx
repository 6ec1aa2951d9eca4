import { useState } from "react";
import { AUTHOR_MAX, TAGS_MAX } from "@codcrm/core/article/article-schema";
import { normalizeTags } from "@codcrm/core/article/tags";
import { useTranslation } from "../../../../i18n/language-context.tsx";
import { FormField, INPUT, TextField } from "./form-field.tsx";
import { RemovableChips } from "./removable-chips.tsx";
import { PlainButton } from "../../shared/components/buttons.tsx";

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
      <TextField
        name="author"
        label={t("admin.editor.fields.author")}
        error={errors.author}
        hint={t("admin.editor.fields.authorHint")}
        maxLength={AUTHOR_MAX}
        value={author}
        onChange={onAuthor}
      />
      <FormField
        name="tags"
        label={t("admin.editor.fields.tags")}
        error={tagError}
        hint={t("admin.editor.fields.tagsHint")}
      >
        {(props) => (
          <>
            {tags.length ? (
              <RemovableChips
                className="mt-1 flex flex-wrap gap-2"
                data-testid="editor-tags"
                names={tags}
                removeLabel={(name) => t("admin.editor.fields.removeTag", { name })}
                onRemove={(name) => onTags(tags.filter((other) => other !== name))}
              />
            ) : null}
            <div className="mt-1 flex gap-2">
              <input
                {...props}
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
                className={`${INPUT} mt-0`}
              />
              <PlainButton onClick={() => add(draft)} className="shrink-0 px-3 py-2 text-sm">
                {t("admin.editor.fields.addTag")}
              </PlainButton>
            </div>
          </>
        )}
      </FormField>
    </div>
  );
}
