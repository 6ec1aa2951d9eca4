import { useDeferredValue, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useId } from "../../../../lib/id-scope.ts";
import { normalizeCategories, type AdminArticle } from "@codcrm/core/article/article";
import { articleFormSchema, type ArticleFormValues } from "@codcrm/core/article/article-schema";
import { BUILT_IN_CATEGORIES, isBuiltInCategorySlug } from "@codcrm/core/article/categories";
import { countWords, metaTitle, readingTime } from "@codcrm/core/article/derive";
import { articleDescription } from "@codcrm/core/article/description";
import { renderMarkdown } from "@codcrm/core/article/markdown";
import { baseSlugForTitle } from "@codcrm/core/article/slug";
import { LANGUAGES, type Language } from "@codcrm/core/site/languages";
import { fieldErrors, type FieldError } from "@codcrm/core/validation";
import { Dialog } from "../../../../ui/dialog.tsx";
import { fieldLabelId, FormField, INPUT, TextField } from "./form-field.tsx";
import { MarkdownTextBox, type MarkdownTextBoxHandle } from "./markdown-text-box.tsx";
import { RemovableChips } from "./removable-chips.tsx";
import { CategoryNamesFields } from "./category-names-fields.tsx";
import { ApiError } from "../../../../lib/api-client.ts";
import { isSessionRefused } from "../../shared/api/admin-request.ts";
import { applyMarkdown, MARKDOWN_ACTIONS, type MarkdownAction } from "../lib/markdown-edit.ts";
import { useTranslation } from "../../../../i18n/language-context.tsx";
import { LabelsFields } from "./labels-fields.tsx";
import { SeoPanel } from "./seo-panel.tsx";
import { ConfirmDialog } from "../../../../ui/confirm-dialog.tsx";
import { RecoveryOffer, SaveStatus, type AutosaveState } from "./editor-safety.tsx";
import { editorDraftKey } from "../lib/local-draft.ts";
import { useAutosave, useLocalCopy } from "../hooks/use-editor-safety.ts";
import { HistoryPanel, type RevisionsApi } from "./history-panel.tsx";
import { PreviewLinkButton } from "./preview-link-button.tsx";
import { SendToSubscribers, type SendApi } from "./send-to-subscribers.tsx";
import { ScheduleField, scheduleProblem } from "./schedule-field.tsx";
import type { ListedArticle, PreviewLink } from "../api/articles-api.ts";
import { imageAltErrors } from "@codcrm/core/article/article-images";
import { MEDIA_TYPE_LIST, type MediaInfo } from "@codcrm/core/media/media-rules";
import { CoverImageField } from "./cover-image-field.tsx";
import { useImageUpload } from "../hooks/use-image-upload.tsx";
import { PlainButton, PrimaryButton } from "../../shared/components/buttons.tsx";
import { AdminIcon } from "../../shared/components/admin-icons.tsx";
import { addTagText, type TagDraftProblem } from "../lib/tag-draft.ts";
import {
  FIELD_LABELS,
  fromArticle,
  toPayload,
  translationForm,
  type FieldName,
  type FormState,
} from "../lib/article-form.ts";
import { TAGS_MAX } from "@codcrm/core/article/article-schema";
import {
  ErrorSummary,
  fieldControlId,
  fieldErrorMessage,
  FieldIdsContext,
  type SummaryProblem,
} from "./error-summary.tsx";

/**
 * A new translation starts from its source's text, in its own language, unpublished: the
 * administrator rewrites it. What it keeps and what starts empty (its canonical URL, 0117;
 * its search-engine fields, social image and tags, 0155) is said per field in `FORM_FIELDS`
 * (`lib/article-form.ts`).
 */
export interface TranslationDraft {
  source: AdminArticle;
  language: Language;
}

function initialValues(article: ListedArticle | undefined, translation: TranslationDraft | undefined): FormState {
  return translation ? translationForm(translation.source, translation.language) : fromArticle(article);
}

/** "categories.2.name" -> "categories": each message goes under the field it belongs to. */
function byField(errors: readonly Pick<FieldError, "field" | "code">[]): Partial<Record<FieldName, string>> {
  const result: Partial<Record<FieldName, string>> = {};
  for (const { field, code } of errors) {
    const name = field.split(".")[0] as FieldName;
    result[name] ??= code;
  }
  return result;
}

const isBuiltIn = (category: { id?: string }) => isBuiltInCategorySlug(category.id ?? "");

export interface ArticleEditorProps {
  /** The article being edited; absent for a new one. */
  article?: ListedArticle;
  /** A new article that is a translation of another (`translationOf`), prefilled from it. */
  translation?: TranslationDraft;
  onClose(): void;
  /** Creates (no version) or updates (the version the edit is based on); resolves with the saved article. */
  save(values: ArticleFormValues, version: number | undefined): Promise<AdminArticle>;
  /** The article as it is on the server now (after a conflict), or undefined when it is gone. */
  fetchLatest(id: string): Promise<AdminArticle | undefined>;
  onSaved(article: AdminArticle): void;
  /** From the Translations panel: edit another article of the group. */
  onEditTranslation(id: string): void;
  /** From the Translations panel: a new translation of the saved article. */
  onTranslate(draft: TranslationDraft): void;
  /** A draft autosaved: the editor stays open with the new version. */
  onAutosaved?(article: AdminArticle): void;
  /** Whether there are unsaved changes, for guards outside the editor (navigation). */
  onDirtyChange?(dirty: boolean): void;
  /** The History panel's calls; without them there is no panel. */
  revisions?: RevisionsApi;
  /** Makes a preview link; without it there is no button. */
  createPreviewLink?(id: string): Promise<PreviewLink>;
  /** Sending a published or scheduled article to its language's subscribers; without it, no section. */
  sends?: SendApi;
  /** Uploads an image file (cover, or pasted/dropped into the content). */
  uploadImage?: (file: File) => Promise<MediaInfo>;
}

/** The 'Nuevo Artículo' / 'Editar Artículo' modal: the API's own schema checks the form. */
export function ArticleEditor({
  article,
  translation,
  onClose,
  save,
  fetchLatest,
  onSaved,
  onEditTranslation,
  onTranslate,
  onAutosaved,
  onDirtyChange,
  revisions,
  createPreviewLink,
  sends,
  uploadImage,
}: ArticleEditorProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [initial] = useState<FormState>(() => initialValues(article, translation));
  const [values, setValues] = useState<FormState>(initial);
  const [version, setVersion] = useState(article?.version);
  /** What the server has of this form: typing is unsaved while the form differs from it. */
  const [baseline, setBaseline] = useState<FormState>(initial);
  const [autosaveState, setAutosaveState] = useState<AutosaveState>("idle");
  const [savedAt, setSavedAt] = useState<string>();
  /** After an autosave conflict: nothing more goes to the server until the administrator saves. */
  const [autosaveStopped, setAutosaveStopped] = useState(false);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [scheduleError, setScheduleError] = useState<"invalid" | "past">();
  const local = useLocalCopy({
    key: editorDraftKey(article?.id, translation?.language ?? initial.language),
    values,
    baseline,
    version,
  });
  const dirty = local.dirty;
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** Counts failed saves: the error summary takes focus on each (docs/decisions/0153-editor-error-summary.md). */
  const [failedSaves, setFailedSaves] = useState(0);
  const [conflict, setConflict] = useState(false);
  const [newCategory, setNewCategory] = useState("");
  /** Text in the tag box, not yet a tag; on save it becomes tags or is named as the problem (0154). */
  const [tagDraft, setTagDraft] = useState("");
  const [tagProblem, setTagProblem] = useState<TagDraftProblem>();
  const tagProblemMessage =
    tagProblem && t(`admin.editor.fields.tagDraft.${tagProblem.code}`, { text: tagProblem.text, max: TAGS_MAX });
  const contentUploads = useImageUpload(uploadImage);
  /** On a phone the content and its preview take turns; on a wide screen both show. */
  const [contentView, setContentView] = useState<"write" | "preview">("write");
  const contentBox = useRef<MarkdownTextBoxHandle>(null);
  // The preview renders with core's renderer, as the article will be saved; while the
  // administrator types fast it may lag a keystroke behind instead of slowing the typing.
  const deferredContent = useDeferredValue(values.content);
  const contentHtml = useMemo(
    () => renderMarkdown(deferredContent, values.language),
    [deferredContent, values.language],
  );
  const words = countWords(values.content);

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  // docs/decisions/0090-editor-keeps-typed-work.md: only a draft already created is saved by
  // itself; a published article (or one being published now) changes only on Save.
  const autosaveAllowed = Boolean(article && !article.published) && !values.published;
  useAutosave({
    enabled: autosaveAllowed && !autosaveStopped && !conflict && !saving && !local.offer,
    dirty,
    busy: autosaveState === "saving",
    values,
    run: () => void autosave(),
  });

  async function autosave() {
    const sent = values;
    if (!articleFormSchema.safeParse(sent).success) return;
    setAutosaveState("saving");
    try {
      const saved = await save(toPayload(sent), version);
      setVersion(saved.version);
      setBaseline(sent);
      setSavedAt(saved.updatedAt);
      setAutosaveState("idle");
      onAutosaved?.(saved);
    } catch (error) {
      setAutosaveState("failed");
      if (isSessionRefused(error)) return;
      console.error("Error al guardar automáticamente el artículo", error);
      if (error instanceof ApiError && error.code === "version_conflict") {
        setAutosaveState("idle");
        setAutosaveStopped(true);
        setConflict(true);
      }
    }
  }

  /** X, Escape, a click outside and Cancel ask first when something typed would be lost. */
  function requestClose() {
    if (dirty) setConfirmingClose(true);
    else onClose();
  }

  function format(action: MarkdownAction) {
    const box = contentBox.current;
    if (!box) return;
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
    const { text, selectionStart, selectionEnd } = box.current();
    box.apply(applyMarkdown(action, text, selectionStart, selectionEnd, placeholders()));
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
    const media = await contentUploads.send(file);
    const box = contentBox.current;
    if (!media || !box) return;
    const { text, selectionStart, selectionEnd } = box.current();
    box.apply(applyMarkdown("image", text, selectionStart, selectionEnd, { ...placeholders(), imageUrl: media.url }));
  }

  /**
   * An image pasted or dropped into the content is uploaded and inserted where it was put as
   * `![](url)`, the caret left in the empty alt text for the administrator to describe it.
   */
  async function insertImages(files: File[], from: number) {
    let at = from;
    for (const file of files) {
      const media = await contentUploads.send(file);
      const box = contentBox.current;
      if (!media || !box) continue;
      const markdown = `![](${media.url})`;
      const { text } = box.current();
      at = Math.min(at, text.length);
      box.apply({ text: text.slice(0, at) + markdown + text.slice(at), selectionStart: at + 2, selectionEnd: at + 2 });
      at += markdown.length;
    }
  }

  const preview = useMemo(
    () => ({
      slug: baseSlugForTitle(values.title.trim()),
      metaTitle: metaTitle(values.title.trim()),
      metaDescription: articleDescription({ excerpt: values.excerpt, content: values.content }),
      readingTime: readingTime(values.content.trim()),
    }),
    [values.title, values.content, values.excerpt],
  );

  function update<K extends keyof FormState>(name: K, value: FormState[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    if (name in errors) setErrors(({ [name as FieldName]: _dropped, ...rest }) => rest);
  }

  function toggleBuiltIn(id: string, name: string, checked: boolean) {
    const others = values.categories.filter((category) => category.id !== id);
    update("categories", checked ? [...others, { id, name }] : others);
  }

  /**
   * The server's own rule (`normalizeCategories`) decides what a typed name becomes: a built-in
   * one (by name or slug, so "noticias" ticks 'Noticias'), nothing new when the list has it
   * already, or the administrator's own category with the id the server would give it.
   */
  function addCategory() {
    const name = newCategory.trim();
    if (!name) return;
    if (!normalizeCategories([{ name }]).length) {
      // Nothing of the name makes a URL segment ("!!!"): the server would drop it without a word.
      setErrors((current) => ({ ...current, categories: "invalid" }));
      return;
    }
    update(
      "categories",
      normalizeCategories([...values.categories, { name }]).map(({ id, name, names }) => ({ id, name, names })),
    );
    setNewCategory("");
  }

  /** Enter, a comma or the button in the tag box: the text becomes tags, or stays with its problem. */
  function addTagDraft(text: string): ReturnType<typeof addTagText> {
    const taken = addTagText(values.tags, text);
    if (taken.tags.length !== values.tags.length) update("tags", taken.tags);
    setTagDraft(taken.left);
    setTagProblem(taken.problem);
    const code = taken.problem?.code;
    setErrors(({ tags: _dropped, ...rest }) => (code ? { ...rest, tags: code } : rest));
    return taken;
  }

  async function submit(baseVersion: number | undefined) {
    // Text left in the tag box is the administrator's: it is saved as tags when it makes some,
    // and named on the tag field when it cannot (docs/decisions/0154-text-left-in-the-tag-box.md).
    const taken = tagDraft.trim() ? addTagDraft(tagDraft) : undefined;
    const current = taken ? { ...values, tags: taken.tags } : values;
    // The schedule is checked on Madrid's clock by `scheduleProblem`; the schema takes the instant sent.
    const parsed = articleFormSchema.safeParse(toPayload(current));
    const problem = current.published ? scheduleProblem(current.publishAt, new Date()) : undefined;
    setScheduleError(problem);
    if (!parsed.success || taken?.problem) {
      const found = parsed.success ? {} : byField(fieldErrors(parsed.error));
      setErrors(taken?.problem ? { ...found, tags: taken.problem.code } : found);
      setFailedSaves((count) => count + 1);
      return;
    }
    if (problem) {
      setFailedSaves((count) => count + 1);
      return;
    }
    const altErrors = imageAltErrors(parsed.data);
    if (altErrors.length > 0) {
      setErrors(byField(altErrors));
      setFailedSaves((count) => count + 1);
      return;
    }
    setSaving(true);
    setFailure(null);
    setConflict(false);
    try {
      // A translation joins its source's group; an edit keeps the group it has.
      const saved = await save(
        translation && !article ? { ...toPayload(current), translationOf: translation.source.id } : toPayload(current),
        baseVersion,
      );
      local.forget();
      onSaved(saved);
    } catch (error) {
      setSaving(false);
      if (isSessionRefused(error)) return;
      // The log line of docs/decisions/0015-admin-sign-in.md; the administrator also sees what
      // happened, and keeps what was typed.
      console.error("Error al guardar el artículo", error);
      if (error instanceof ApiError && error.code === "version_conflict") setConflict(true);
      else if (error instanceof ApiError && error.fields.some((f) => f.code === "translation_exists")) {
        // The group already has an article in this language (409 naming `language`).
        setErrors({ language: "translation_exists" });
        setFailure(t(`admin.editor.translationExists.${values.language}`));
      } else if (error instanceof ApiError && error.fields.some((f) => f.field === "translationOf"))
        setFailure(t("admin.editor.sourceGone"));
      else if (error instanceof ApiError && error.code === "validation_failed") {
        const schedule = error.fields.find((f) => f.field === "publishAt");
        if (schedule) setScheduleError(schedule.code === "past" ? "past" : "invalid");
        setErrors(byField(error.fields));
        setFailedSaves((count) => count + 1);
      } else if (error instanceof ApiError && error.status === 404) setFailure(t("admin.editor.gone"));
      else setFailure(t("admin.editor.saveFailed"));
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!saving) void submit(version);
  }

  /** After a conflict: show the current version instead (asks first: it replaces what was typed). */
  async function loadLatest() {
    if (!article || !window.confirm(t("admin.editor.conflict.confirmReload"))) return;
    const latest = await latestOrFailure(article.id);
    if (!latest) return;
    setValues(fromArticle(latest));
    setBaseline(fromArticle(latest));
    setVersion(latest.version);
    setAutosaveStopped(false);
    setErrors({});
    setConflict(false);
  }

  /** After a conflict: save what was typed over the current version, knowingly. */
  async function overwrite() {
    if (!article) return;
    const latest = await latestOrFailure(article.id);
    if (!latest) return;
    setVersion(latest.version);
    await submit(latest.version);
  }

  async function latestOrFailure(id: string): Promise<AdminArticle | undefined> {
    try {
      const latest = await fetchLatest(id);
      if (!latest) {
        setConflict(false);
        setFailure(t("admin.editor.gone"));
      }
      return latest;
    } catch (error) {
      if (!isSessionRefused(error)) setFailure(t("admin.editor.saveFailed"));
      return undefined;
    }
  }

  const customCategories = values.categories.filter((category) => !isBuiltIn(category));

  const problems: SummaryProblem[] = [];
  if (failedSaves > 0)
    for (const [name, labelKey] of FIELD_LABELS) {
      const code = name === "publishAt" ? (values.published ? scheduleError : undefined) : errors[name];
      if (!code) continue;
      const message = name === "tags" && tagProblemMessage ? tagProblemMessage : fieldErrorMessage(t, name, code);
      problems.push({ name, label: t(labelKey), message });
    }

  /** Leaving for another article of the group asks first when something typed would be lost. */
  function leaveFor(next: () => void) {
    if (dirty && !window.confirm(t("admin.editor.translations.confirmLeave"))) return;
    next();
  }

  return (
    <Dialog
      open
      onClose={requestClose}
      title={
        article
          ? t("admin.editor.editTitle")
          : translation
            ? t("admin.editor.translateTitle")
            : t("admin.editor.newTitle")
      }
      closeLabel={t("admin.editor.close")}
      className="sm:max-w-3xl lg:max-w-6xl"
    >
      {confirmingClose ? (
        <ConfirmDialog
          title={t("admin.editor.leave.title")}
          text={t("admin.editor.leave.text")}
          cancelLabel={t("admin.editor.leave.stay")}
          confirmLabel={t("admin.editor.leave.discard")}
          onCancel={() => setConfirmingClose(false)}
          onConfirm={() => {
            local.forget();
            onClose();
          }}
        />
      ) : null}
      <FieldIdsContext value={formId}>
        <form id={formId} onSubmit={onSubmit} noValidate className="space-y-5">
          <ErrorSummary formId={formId} problems={problems} attempt={failedSaves} />
          {local.offer ? (
            <RecoveryOffer
              savedAt={local.offer.savedAt}
              onRecover={() => {
                const offer = local.offer!;
                setValues({ ...values, ...offer.values });
                // Based on an older version, a save meets the newer one as a conflict instead of overwriting it.
                if (article && offer.version !== undefined) setVersion(offer.version);
                local.closeOffer();
              }}
              onDiscard={local.forget}
            />
          ) : null}
          {conflict ? (
            <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
              <p className="font-semibold">{t("admin.editor.conflict.title")}</p>
              <p className="mt-1">{t("admin.editor.conflict.text")}</p>
              {autosaveStopped ? <p className="mt-1">{t("admin.editor.autosaveConflict.stopped")}</p> : null}
              <div className="mt-3 flex flex-wrap gap-2">
                {[
                  { label: t("admin.editor.conflict.reload"), act: () => void loadLatest() },
                  { label: t("admin.editor.conflict.overwrite"), act: () => void overwrite() },
                  // Only after autosave met the conflict: the text stays in this browser, unsaved.
                  ...(autosaveStopped
                    ? [{ label: t("admin.editor.autosaveConflict.keepLocal"), act: () => setConflict(false) }]
                    : []),
                ].map(({ label, act }) => (
                  <button
                    key={label}
                    type="button"
                    onClick={act}
                    className="rounded-lg border border-amber-400 bg-white px-3 py-1.5 font-semibold hover:bg-amber-100"
                  >
                    {label}
                  </button>
                ))}
              </div>
            </div>
          ) : null}
          {failure ? (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              {failure}
            </p>
          ) : null}
          {translation && !article ? (
            <p className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900">
              {t("admin.editor.translationOf", { title: translation.source.title })}
            </p>
          ) : null}

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
                {LANGUAGES.map((language) => (
                  <option key={language} value={language}>
                    {t(`admin.languages.${language}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>

          <TextField
            name="title"
            label={t("admin.editor.fields.title")}
            error={errors.title}
            required
            value={values.title}
            onChange={(value) => update("title", value)}
          />
          <TextField
            name="excerpt"
            label={t("admin.editor.fields.excerpt")}
            error={errors.excerpt}
            required
            rows={3}
            value={values.excerpt}
            onChange={(value) => update("excerpt", value)}
          />
          <FormField
            name="content"
            label={t("admin.editor.fields.content")}
            error={errors.content}
            hint={t("admin.editor.markdown.hint")}
            required
          >
            {(props) => (
              <>
                <div className="mt-2 flex gap-1 lg:hidden">
                  {(["write", "preview"] as const).map((view) => (
                    <button
                      key={view}
                      type="button"
                      aria-pressed={contentView === view}
                      onClick={() => setContentView(view)}
                      className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
                    >
                      {t(`admin.editor.markdown.${view}`)}
                    </button>
                  ))}
                </div>
                <div className="mt-2 grid gap-4 lg:grid-cols-2">
                  <div className={contentView === "preview" ? "hidden lg:block" : ""}>
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
                      handle={contentBox}
                      control={props}
                      labelId={fieldLabelId(props.id)}
                      value={values.content}
                      language={values.language}
                      onChange={(content) => update("content", content)}
                      onFormat={format}
                      onImageFiles={(files, at) => {
                        if (!uploadImage) return false;
                        void insertImages(files, at);
                        return true;
                      }}
                      className={`${INPUT} mt-0 rounded-t-none p-0 font-mono text-sm leading-6`}
                    />
                    {contentUploads.statusLine("content-upload-status")}
                    <p data-testid="content-stats" aria-live="polite" className="mt-1 text-xs text-slate-600">
                      {t("admin.editor.markdown.words", { count: words })} ·{" "}
                      {t("common.readingTime", { minutes: readingTime(values.content) })}
                    </p>
                  </div>
                  <section
                    aria-label={t("admin.editor.markdown.previewLabel")}
                    className={`max-h-[32rem] overflow-y-auto rounded-lg border border-slate-200 bg-white p-4 ${contentView === "write" ? "hidden lg:block" : ""}`}
                  >
                    {values.content.trim() ? (
                      <div
                        data-testid="content-preview"
                        className="article-content text-base leading-relaxed text-slate-800"
                        dangerouslySetInnerHTML={{ __html: contentHtml }}
                      />
                    ) : (
                      <p className="text-sm text-slate-600">{t("admin.editor.markdown.previewEmpty")}</p>
                    )}
                  </section>
                </div>
              </>
            )}
          </FormField>
          <CoverImageField
            imageUrl={values.imageUrl}
            imageAlt={values.imageAlt}
            errors={{ imageUrl: errors.imageUrl, imageAlt: errors.imageAlt }}
            onImageUrl={(url) => update("imageUrl", url)}
            onImageAlt={(alt) => update("imageAlt", alt)}
            upload={uploadImage}
          />

          <fieldset aria-describedby={errors.categories ? `${formId}-categories-error` : undefined}>
            <legend className="text-sm font-semibold text-slate-800">{t("admin.editor.fields.categories")}</legend>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {BUILT_IN_CATEGORIES.map((category) => (
                <label key={category.id} className="inline-flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    checked={values.categories.some((chosen) => chosen.id === category.id)}
                    onChange={(event) => toggleBuiltIn(category.id, category.name, event.target.checked)}
                    className="h-4 w-4"
                  />
                  {category.name}
                </label>
              ))}
            </div>
            {customCategories.length ? (
              <RemovableChips
                className="mt-3 flex flex-wrap gap-2"
                aria-label={t("admin.editor.customCategories")}
                names={customCategories.map((category) => category.name)}
                removeLabel={(name) => t("admin.editor.removeCategory", { name })}
                onRemove={(name) =>
                  update(
                    "categories",
                    values.categories.filter((chosen) => isBuiltIn(chosen) || chosen.name !== name),
                  )
                }
              />
            ) : null}
            <CategoryNamesFields
              formId={formId}
              categories={customCategories}
              onNames={(named, names) =>
                update(
                  "categories",
                  values.categories.map((chosen) => (chosen === named ? { ...chosen, names } : chosen)),
                )
              }
            />
            <div className="mt-3 flex gap-2">
              <label htmlFor={fieldControlId(formId, "categories")} className="sr-only">
                {t("admin.editor.newCategory")}
              </label>
              <input
                id={fieldControlId(formId, "categories")}
                type="text"
                value={newCategory}
                placeholder={t("admin.editor.newCategory")}
                onChange={(event) => setNewCategory(event.target.value)}
                onKeyDown={(event) => {
                  // Enter adds the category instead of saving the article.
                  if (event.key === "Enter") {
                    event.preventDefault();
                    addCategory();
                  }
                }}
                className={`${INPUT} mt-0 max-w-xs`}
              />
              <PlainButton onClick={addCategory} className="px-3 py-2 text-sm">
                {t("admin.editor.addCategory")}
              </PlainButton>
            </div>
            {errors.categories ? (
              <p id={`${formId}-categories-error`} className="mt-1 text-sm font-medium text-red-700">
                {t(`validation.${errors.categories}`)}
              </p>
            ) : null}
          </fieldset>

          <LabelsFields
            author={values.author}
            tags={values.tags}
            draft={tagDraft}
            errors={{ author: errors.author, tags: errors.tags }}
            tagsMessage={tagProblemMessage}
            onAuthor={(value) => update("author", value)}
            onTags={(value) => update("tags", value)}
            onDraft={(value) => {
              setTagDraft(value);
              if (tagProblem) {
                setTagProblem(undefined);
                setErrors(({ tags: _dropped, ...rest }) => rest);
              }
            }}
            onAddDraft={(text) => void addTagDraft(text)}
          />

          <label className="inline-flex items-center gap-2 text-sm font-semibold text-slate-800">
            <input
              type="checkbox"
              checked={values.published}
              onChange={(event) => update("published", event.target.checked)}
              className="h-4 w-4"
            />
            {t("admin.editor.fields.published")}
          </label>
          {values.published ? (
            <ScheduleField
              value={values.publishAt}
              problem={scheduleError}
              onChange={(value) => {
                setScheduleError(undefined);
                update("publishAt", value);
              }}
            />
          ) : null}
          {article && createPreviewLink ? (
            <PreviewLinkButton articleId={article.id} create={createPreviewLink} />
          ) : null}
          {/* The saved article decides: a published (or scheduled) one may be sent (decision 0163). */}
          {article?.published && sends ? <SendToSubscribers articleId={article.id} api={sends} /> : null}

          <section
            aria-labelledby={`${formId}-preview`}
            className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm"
          >
            <h3 id={`${formId}-preview`} className="font-semibold text-ink">
              {t("admin.editor.preview.title")}
            </h3>
            <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
              <dt className="text-slate-600">{t("admin.editor.preview.url")}</dt>
              <dd
                data-testid="preview-slug"
                className="break-all text-slate-900"
              >{`/${values.language}/blog/${preview.slug}`}</dd>
              <dt className="text-slate-600">{t("admin.editor.preview.metaTitle")}</dt>
              <dd data-testid="preview-meta-title" className="text-slate-900">
                {values.metaTitle.trim() || preview.metaTitle}
              </dd>
              <dt className="text-slate-600">{t("admin.editor.preview.metaDescription")}</dt>
              <dd data-testid="preview-meta-description" className="text-slate-900">
                {values.metaDescription.trim() || preview.metaDescription || "—"}
              </dd>
              <dt className="text-slate-600">{t("admin.editor.preview.readingTime")}</dt>
              <dd data-testid="preview-reading-time" className="text-slate-900">
                {t("common.readingTime", { minutes: preview.readingTime })}
              </dd>
            </dl>
            <p className="mt-2 text-xs text-slate-600">{t("admin.editor.preview.slugNote")}</p>
          </section>

          <SeoPanel
            values={values}
            title={values.title}
            excerpt={values.excerpt}
            content={values.content}
            imageUrl={values.imageUrl}
            language={values.language}
            errors={errors}
            onChange={(name, value) => update(name, value)}
          />

          <TranslationsPanel
            article={article}
            translation={translation}
            language={values.language}
            published={values.published}
            onEdit={(id) => leaveFor(() => onEditTranslation(id))}
            onTranslate={(source, language) => leaveFor(() => onTranslate({ source, language }))}
          />

          {article && revisions && version !== undefined ? (
            <HistoryPanel
              articleId={article.id}
              version={version}
              current={values}
              dirty={dirty}
              api={revisions}
              onRestored={(restored) => {
                setValues(fromArticle(restored));
                setBaseline(fromArticle(restored));
                setVersion(restored.version);
                setConflict(false);
                setAutosaveStopped(false);
                onAutosaved?.(restored);
              }}
            />
          ) : null}

          <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-4">
            <div className="mr-auto">
              <SaveStatus
                dirty={dirty}
                state={autosaveState}
                savedAt={savedAt}
                manualOnly={Boolean(article?.published)}
              />
            </div>
            <PlainButton onClick={requestClose} className="px-4 py-2">
              {t("admin.editor.cancel")}
            </PlainButton>
            <PrimaryButton
              type="submit"
              disabled={saving}
              className="px-4 py-2 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {saving ? t("admin.editor.saving") : t("admin.editor.save")}
            </PrimaryButton>
          </div>
        </form>
      </FieldIdsContext>
    </Dialog>
  );
}

/**
 * es / en / pt of the article's translation group: this article, the others published or
 * draft (each opens in the editor), the missing ones with "Traducir al …" once the article
 * is saved (a translation names the saved article it translates).
 */
function TranslationsPanel({
  article,
  translation,
  language: formLanguage,
  published,
  onEdit,
  onTranslate,
}: {
  article?: AdminArticle;
  translation?: TranslationDraft;
  /** This article's language and state as the form has them. */
  language: Language;
  published: boolean;
  onEdit(id: string): void;
  onTranslate(source: AdminArticle, language: Language): void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const source = article ?? translation?.source;
  // The group as stored: a saved article's own row is the language it was saved in; a new
  // one's, the language chosen in the form.
  const ownLanguage = article?.language ?? formLanguage;
  const others = source ? [...(article ? [] : [source]), ...source.translations] : [];
  const status = (isPublished: boolean) => (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${isPublished ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}
    >
      {isPublished ? t("admin.editor.translations.published") : t("admin.editor.translations.draft")}
    </span>
  );
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4 text-sm">
      <h3 id={headingId} className="font-semibold text-ink">
        {t("admin.editor.translations.title")}
      </h3>
      <ul className="mt-2 divide-y divide-slate-100">
        {LANGUAGES.map((language) => {
          const other = others.find((member) => member.language === language);
          const name = t(`admin.languages.${language}`);
          return (
            <li
              key={language}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
              data-testid={`translation-${language}`}
            >
              <span className="w-24 font-medium text-slate-900">{name}</span>
              {language === ownLanguage ? (
                <>
                  {status(published)}
                  <span className="text-slate-600">({t("admin.editor.translations.current")})</span>
                </>
              ) : other ? (
                <>
                  {status(other.published)}
                  <PlainButton onClick={() => onEdit(other.id)} className="ml-auto px-3 py-1">
                    {t(`admin.editor.translations.edit.${language}`)}
                  </PlainButton>
                </>
              ) : (
                <>
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                    {t("admin.editor.translations.missing")}
                  </span>
                  {article ? (
                    <PlainButton onClick={() => onTranslate(article, language)} className="ml-auto px-3 py-1">
                      {t(`admin.editor.translations.translate.${language}`)}
                    </PlainButton>
                  ) : null}
                </>
              )}
            </li>
          );
        })}
      </ul>
      {article ? null : <p className="mt-2 text-xs text-slate-600">{t("admin.editor.translations.saveFirst")}</p>}
    </section>
  );
}
