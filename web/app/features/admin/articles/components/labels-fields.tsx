import { AUTHOR_MAX } from "@codcrm/core/article/article-schema";
import { useTranslation } from "../../../../i18n/language-context.tsx";
import { FormField, INPUT, TextField } from "./form-field.tsx";
import { RemovableChips } from "./removable-chips.tsx";
import { PlainButton } from "../../shared/components/buttons.tsx";

/**
 * The article's author and tags. A tag is added with Enter, a comma or the button; the editor
 * keeps the text in the box (`draft`) and adds it by the server's own rule (`addTagText`),
 * also on save, so text left there is never lost (docs/decisions/0154-text-left-in-the-tag-box.md).
 */
export function LabelsFields({
  author,
  tags,
  draft,
  errors,
  tagsMessage,
  onAuthor,
  onTags,
  onDraft,
  onAddDraft,
}: {
  author: string;
  tags: string[];
  /** What is typed in the tag box, not yet a tag. */
  draft: string;
  errors: { author?: string; tags?: string };
  /** What to say under the tags instead of the code's message (text in the box that is not a tag). */
  tagsMessage?: string;
  onAuthor(value: string): void;
  onTags(value: string[]): void;
  onDraft(value: string): void;
  /** Makes tags of `text` (the box's, or what was typed up to a comma). */
  onAddDraft(text: string): void;
}) {
  const { t } = useTranslation();
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
        error={errors.tags}
        errorMessage={tagsMessage}
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
                  if (value.includes(",")) onAddDraft(value);
                  else onDraft(value);
                }}
                onKeyDown={(event) => {
                  // Enter adds the tag instead of saving the article.
                  if (event.key === "Enter") {
                    event.preventDefault();
                    onAddDraft(draft);
                  }
                }}
                className={`${INPUT} mt-0`}
              />
              <PlainButton onClick={() => onAddDraft(draft)} className="shrink-0 px-3 py-2 text-sm">
                {t("admin.editor.fields.addTag")}
              </PlainButton>
            </div>
          </>
        )}
      </FormField>
    </div>
  );
}
