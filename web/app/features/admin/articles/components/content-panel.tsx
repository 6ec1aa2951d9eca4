import { useDeferredValue, useMemo, useRef, useState } from "react";
import { countWords, readingTime } from "@codcrm/core/article/derive";
import { renderMarkdown } from "@codcrm/core/article/markdown";
import { MEDIA_TYPE_LIST, type MediaInfo } from "@codcrm/core/media/media-rules";
import { DEFAULT_LANGUAGE, type Language } from "@codcrm/core/site/languages";
import { useTranslation } from "react-i18next";
import { AdminIcon } from "../../shared/components/admin-icons.tsx";
import { ChoiceButtons } from "../../shared/components/buttons.tsx";
import { LanguageOptions } from "../../shared/components/select-field.tsx";
import { useImageUpload } from "../hooks/use-image-upload.tsx";
import { bindText, field, text, type PanelFields, type PanelProps } from "../lib/form-fields.ts";
import { applyMarkdown, MARKDOWN_ACTIONS, type MarkdownAction } from "../lib/markdown-edit.ts";
import { fieldLabelId, FormField, INPUT, EditorTextField } from "./form-field.tsx";
import { MarkdownTextBox, type MarkdownTextBoxHandle } from "./markdown-text-box.tsx";

/** The text and its language: what a translation keeps, to be rewritten in place (0155). */
export const CONTENT_FIELDS = {
  language: field<Language>({
    empty: DEFAULT_LANGUAGE,
    fromArticle: (article) => article.language,
    translation: "keep",
    label: "admin.editor.fields.language",
  }),
  title: text((article) => article.title, { translation: "keep", label: "admin.editor.fields.title" }),
  excerpt: text((article) => article.excerpt, { translation: "keep", label: "admin.editor.fields.excerpt" }),
  content: text((article) => article.content, { translation: "keep", label: "admin.editor.fields.content" }),
} satisfies PanelFields;

/** The article's language, title, excerpt and Markdown text with its toolbar and live preview. */
export function ContentPanel({
  uploadImage,
  ...panel
}: PanelProps & {
  /** Uploads an image pasted, dropped or picked with the Image button; without it there is no Image button. */
  uploadImage?: (file: File) => Promise<MediaInfo>;
}) {
  const { values, errors, update } = panel;
  const { t } = useTranslation();
  return (
    <>
      <FormField
        name="language"
        label={t("admin.editor.fields.language")}
        error={errors.language}
        hint={t("admin.editor.languageHint")}
      >
        {(props) => (
          <select
            {...props}
            value={values.language}
            onChange={(event) => update("language", event.target.value as Language)}
            className={`${INPUT} max-w-xs bg-white`}
          >
            <LanguageOptions />
          </select>
        )}
      </FormField>

      <EditorTextField {...bindText(panel, "title")} label={t("admin.editor.fields.title")} required />
      <EditorTextField {...bindText(panel, "excerpt")} label={t("admin.editor.fields.excerpt")} required rows={3} />
      <ArticleText
        content={values.content}
        language={values.language}
        error={errors.content}
        onChange={(content) => update("content", content)}
        uploadImage={uploadImage}
      />
    </>
  );
}

/**
 * The content: CodeMirror's Markdown text box under its toolbar, beside core's rendering of it
 * (docs/decisions/0156-markdown-editor-on-codemirror.md). Every edit, typed or from the toolbar,
 * is a transaction of the text box, so one history undoes and redoes them all.
 */
export function ArticleText({
  content,
  language,
  error,
  onChange,
  uploadImage,
}: {
  content: string;
  language: Language;
  error?: string;
  onChange(content: string): void;
  uploadImage?: (file: File) => Promise<MediaInfo>;
}) {
  const { t } = useTranslation();
  const uploads = useImageUpload(uploadImage);
  /** On a phone the content and its preview take turns; on a wide screen both show. */
  const [view, setView] = useState<"write" | "preview">("write");
  const box = useRef<MarkdownTextBoxHandle>(null);
  // The preview renders with core's renderer, as the article will be saved; while the
  // administrator types fast it may lag a keystroke behind instead of slowing the typing.
  const deferredContent = useDeferredValue(content);
  const html = useMemo(() => renderMarkdown(deferredContent, language), [deferredContent, language]);

  function format(action: MarkdownAction) {
    const current = box.current;
    if (!current) return;
    if (action === "image") {
      // The Image button uploads first (docs/decisions/0156-markdown-editor-on-codemirror.md): the
      // system's file picker, from an input made for the click (no second file input in the form).
      const picker = document.createElement("input");
      picker.type = "file";
      picker.accept = MEDIA_TYPE_LIST.join(",");
      picker.addEventListener("change", () => {
        const file = picker.files?.[0];
        if (file) void insertPickedImage(file);
      });
      picker.click();
      return;
    }
    const { text, selectionStart, selectionEnd } = current.current();
    current.apply(applyMarkdown(action, text, selectionStart, selectionEnd, placeholders()));
  }

  function placeholders() {
    return {
      text: t("admin.editor.markdown.placeholderText"),
      link: t("admin.editor.markdown.placeholderLink"),
      alt: t("admin.editor.markdown.placeholderAlt"),
    };
  }

  /** The Image button's file: uploaded, then put in on a line of its own with its alt text selected to describe it. */
  async function insertPickedImage(file: File) {
    const media = await uploads.send(file);
    const current = box.current;
    if (!media || !current) return;
    const { text, selectionStart, selectionEnd } = current.current();
    current.apply(
      applyMarkdown("image", text, selectionStart, selectionEnd, { ...placeholders(), imageUrl: media.url }),
    );
  }

  /**
   * An image pasted or dropped into the content is uploaded and inserted where it was put as
   * `![](url)`, the caret left in the empty alt text for the administrator to describe it.
   */
  async function insertImages(files: File[], from: number) {
    let at = from;
    for (const file of files) {
      const media = await uploads.send(file);
      const current = box.current;
      if (!media || !current) continue;
      const markdown = `![](${media.url})`;
      const { text } = current.current();
      at = Math.min(at, text.length);
      current.apply({
        text: text.slice(0, at) + markdown + text.slice(at),
        selectionStart: at + 2,
        selectionEnd: at + 2,
      });
      at += markdown.length;
    }
  }

  return (
    <FormField
      name="content"
      labelable={false}
      label={t("admin.editor.fields.content")}
      error={error}
      hint={t("admin.editor.markdown.hint")}
      required
    >
      {(props) => (
        <>
          <div className="mt-2 flex gap-1 lg:hidden">
            <ChoiceButtons
              choices={["write", "preview"] as const}
              chosen={view}
              onChoose={setView}
              label={(shown) => t(`admin.editor.markdown.${shown}`)}
            />
          </div>
          <div className="mt-2 grid gap-4 lg:grid-cols-2">
            <div className={view === "preview" ? "hidden lg:block" : ""}>
              <div
                role="toolbar"
                aria-label={t("admin.editor.markdown.toolbar")}
                aria-controls={props.id}
                className="flex flex-wrap gap-1 rounded-t-lg border border-b-0 border-slate-400 bg-slate-50 p-1"
              >
                {MARKDOWN_ACTIONS.filter((action) => action !== "image" || uploadImage).map((action) => (
                  <button
                    key={action}
                    type="button"
                    title={t(`admin.editor.markdown.${action}`)}
                    aria-label={t(`admin.editor.markdown.${action}`)}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => format(action)}
                    className="inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm text-slate-800 hover:bg-slate-200"
                  >
                    <AdminIcon name={action} />
                  </button>
                ))}
              </div>
              <MarkdownTextBox
                handle={box}
                control={props}
                labelId={fieldLabelId(props.id)}
                value={content}
                language={language}
                onChange={onChange}
                onFormat={format}
                onImageFiles={(files, at) => {
                  if (!uploadImage) return false;
                  void insertImages(files, at);
                  return true;
                }}
                className={`${INPUT} mt-0 rounded-t-none p-0 font-mono text-sm leading-6`}
              />
              {uploads.statusLine("content-upload-status")}
              <p data-testid="content-stats" aria-live="polite" className="mt-1 text-xs text-slate-600">
                {t("admin.editor.markdown.words", { count: countWords(content) })} ·{" "}
                {t("common.readingTime", { minutes: readingTime(content) })}
              </p>
            </div>
            <section
              aria-label={t("admin.editor.markdown.previewLabel")}
              className={`max-h-[32rem] overflow-y-auto rounded-lg border border-slate-200 bg-white p-4 ${view === "write" ? "hidden lg:block" : ""}`}
            >
              {content.trim() ? (
                <div
                  data-testid="content-preview"
                  className="article-content text-base leading-relaxed text-slate-800"
                  dangerouslySetInnerHTML={{ __html: html }}
                />
              ) : (
                <p className="text-sm text-slate-600">{t("admin.editor.markdown.previewEmpty")}</p>
              )}
            </section>
          </div>
        </>
      )}
    </FormField>
  );
}
