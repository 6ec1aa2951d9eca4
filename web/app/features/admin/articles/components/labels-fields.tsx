import { AUTHOR_MAX } from "@codcrm/core/article/article-schema";
import { useTranslation } from "react-i18next";
import { FormField, INPUT, EditorTextField } from "./form-field.tsx";
import { RemovableChips } from "./removable-chips.tsx";
import { PlainButton } from "../../shared/components/buttons.tsx";
import type { TagDraft } from "../hooks/use-tag-draft.ts";
import { bindText, field, text, type PanelFields, type PanelProps } from "../lib/form-fields.ts";

/** Author and tags; a translation starts without the source's tags, which are words of its language (0155). */
export const LABEL_FIELDS = {
  author: text((article) => article.author, { translation: "keep", label: "admin.editor.fields.author" }),
  /** Tag names; the server slugs them (`normalizeTags`). */
  tags: field<string[]>({
    empty: [],
    fromArticle: (article) => (article.tags ?? []).map((tag) => tag.name),
    translation: "clear",
    label: "admin.editor.fields.tags",
  }),
} satisfies PanelFields;

/**
 * The article's author and tags. A tag is added with Enter, a comma or the button; the editor
 * keeps the text in the box (`tagDraft`) and adds it by the server's own rule (`addTagText`),
 * also on save, so text left there is never lost (docs/decisions/0154-text-left-in-the-tag-box.md).
 */
export function LabelsFields({ tagDraft, ...panel }: PanelProps & { tagDraft: TagDraft }) {
  const { values, errors, update } = panel;
  const { tags } = values;
  const { draft } = tagDraft;
  const { t } = useTranslation();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <EditorTextField
        {...bindText(panel, "author")}
        label={t("admin.editor.fields.author")}
        hint={t("admin.editor.fields.authorHint")}
        maxLength={AUTHOR_MAX}
      />
      <FormField
        name="tags"
        label={t("admin.editor.fields.tags")}
        error={errors.tags}
        errorMessage={tagDraft.message}
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
                onRemove={(name) =>
                  update(
                    "tags",
                    tags.filter((other) => other !== name),
                  )
                }
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
                  if (value.includes(",")) tagDraft.add(value);
                  else tagDraft.edit(value);
                }}
                onKeyDown={(event) => {
                  // Enter adds the tag instead of saving the article.
                  if (event.key === "Enter") {
                    event.preventDefault();
                    tagDraft.add(draft);
                  }
                }}
                className={`${INPUT} mt-0`}
              />
              <PlainButton onClick={() => tagDraft.add(draft)} className="shrink-0 px-3 py-2 text-sm">
                {t("admin.editor.fields.addTag")}
              </PlainButton>
            </div>
          </>
        )}
      </FormField>
    </div>
  );
}
