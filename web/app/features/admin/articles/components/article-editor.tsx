import { useEffect, useState, type FormEvent, useId } from "react";
import type { AdminArticle } from "@codcrm/core/article/article";
import { articleFormSchema, type ArticleFormValues } from "@codcrm/core/article/article-schema";
import { imageAltErrors } from "@codcrm/core/article/article-images";
import type { MediaInfo } from "@codcrm/core/media/media-rules";
import { fieldErrors, type FieldError } from "@codcrm/core/validation";
import { Dialog } from "../../../../ui/dialog.tsx";
import { ConfirmDialog } from "../../../../ui/confirm-dialog.tsx";
import { ApiError } from "../../../../lib/api-client.ts";
import { isSessionRefused } from "../../shared/api/admin-request.ts";
import { useTranslation } from "react-i18next";
import { PlainButton, PrimaryButton } from "../../shared/components/buttons.tsx";
import type { ListedArticle, PreviewLink } from "../api/articles-api.ts";
import { editorDraftKey } from "../lib/local-draft.ts";
import { useAutosave, useLocalCopy } from "../hooks/use-editor-safety.ts";
import { useTagDraft } from "../hooks/use-tag-draft.ts";
import {
  FIELD_LABELS,
  fromArticle,
  toPayload,
  translationForm,
  type FieldErrors,
  type FieldName,
  type FormState,
} from "../lib/article-form.ts";
import type { PanelProps } from "../lib/form-fields.ts";
import { ConflictNotice, RecoveryOffer, SaveStatus, type AutosaveState } from "./editor-safety.tsx";
import { ErrorSummary, fieldErrorMessage, FieldIdsContext, type SummaryProblem } from "./error-summary.tsx";
import { scheduleProblem } from "./schedule-field.tsx";
import { ContentPanel } from "./content-panel.tsx";
import { CoverPanel } from "./cover-image-field.tsx";
import { CategoriesPanel } from "./categories-panel.tsx";
import { LabelsFields } from "./labels-fields.tsx";
import { PublishingPanel } from "./publishing-panel.tsx";
import { PagePreviewPanel } from "./page-preview-panel.tsx";
import { SeoPanel } from "./seo-panel.tsx";
import { TranslationsPanel, type TranslationDraft } from "./translations-panel.tsx";
import { HistoryPanel, type RevisionsApi } from "./history-panel.tsx";
import { OutdatedNotice } from "./outdated-notice.tsx";
import type { SendApi } from "./send-to-subscribers.tsx";

export type { TranslationDraft } from "./translations-panel.tsx";

function initialValues(article: ListedArticle | undefined, translation: TranslationDraft | undefined): FormState {
  return translation ? translationForm(translation.source, translation.language) : fromArticle(article);
}

/** "categories.2.name" -> "categories": each message goes under the field it belongs to. */
function byField(errors: readonly Pick<FieldError, "field" | "code">[]): FieldErrors {
  const result: FieldErrors = {};
  for (const { field, code } of errors) {
    const name = field.split(".")[0] as FieldName;
    result[name] ??= code;
  }
  return result;
}

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

/**
 * The 'Nuevo Artículo' / 'Editar Artículo' modal: the panels, one per part of the article, in
 * the form's order, and the save flow (the API's own schema checks the form). Each panel gets
 * the whole form through `PanelProps` and declares its own fields (`lib/form-fields.ts`,
 * docs/decisions/0183-editor-panels-from-the-schema.md): a field added to a panel needs no
 * change here.
 */
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
  const local = useLocalCopy({
    key: editorDraftKey(article?.id, translation?.language ?? initial.language),
    values,
    baseline,
    version,
  });
  const dirty = local.dirty;
  /** Each field's problem; the schedule's is `publishAt`'s ("invalid" or "past", on Madrid's clock). */
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** Counts failed saves: the error summary takes focus on each (docs/decisions/0153-editor-error-summary.md). */
  const [failedSaves, setFailedSaves] = useState(0);
  const [conflict, setConflict] = useState(false);

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

  const update: PanelProps["update"] = (name, value) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (name in errors) setErrors(({ [name as FieldName]: _dropped, ...rest }) => rest);
  };

  const report: PanelProps["report"] = (name, code) =>
    setErrors(({ [name]: _dropped, ...rest }) => (code ? { ...rest, [name]: code } : rest));

  const panel: PanelProps = { values, errors, update, report };
  const tagDraft = useTagDraft(panel);

  async function submit(baseVersion: number | undefined) {
    // Text left in the tag box is the administrator's: it is saved as tags when it makes some,
    // and named on the tag field when it cannot (docs/decisions/0154-text-left-in-the-tag-box.md).
    const taken = tagDraft.draft.trim() ? tagDraft.add(tagDraft.draft) : undefined;
    const current = taken ? { ...values, tags: taken.tags } : values;
    // The schedule is checked on Madrid's clock by `scheduleProblem`; the schema takes the instant sent.
    const parsed = articleFormSchema.safeParse(toPayload(current));
    const problem = current.published ? scheduleProblem(current.publishAt, new Date()) : undefined;
    const withSchedule = ({ publishAt: _dropped, ...rest }: FieldErrors): FieldErrors =>
      problem ? { ...rest, publishAt: problem } : rest;
    if (!parsed.success || taken?.problem) {
      const found = parsed.success ? {} : byField(fieldErrors(parsed.error));
      setErrors(withSchedule(taken?.problem ? { ...found, tags: taken.problem.code } : found));
      setFailedSaves((count) => count + 1);
      return;
    }
    setErrors(withSchedule);
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
        const { publishAt, ...found } = byField(error.fields);
        // The schedule says "past" or "not valid" in its own words.
        setErrors(publishAt ? { ...found, publishAt: publishAt === "past" ? "past" : "invalid" } : found);
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

  const problems: SummaryProblem[] = [];
  if (failedSaves > 0)
    for (const [name, labelKey] of FIELD_LABELS) {
      // The schedule's problem counts while the article is to be published (its field shows only then).
      const code = name === "publishAt" && !values.published ? undefined : errors[name];
      if (!code) continue;
      const message = name === "tags" && tagDraft.message ? tagDraft.message : fieldErrorMessage(t, name, code);
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
            <ConflictNotice
              autosaveStopped={autosaveStopped}
              onReload={() => void loadLatest()}
              onOverwrite={() => void overwrite()}
              onKeepLocal={() => setConflict(false)}
            />
          ) : null}
          {failure ? (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              {failure}
            </p>
          ) : null}
          {article?.behind && revisions ? <OutdatedNotice behind={article.behind} api={revisions} /> : null}
          {translation && !article ? (
            <p className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900">
              {t("admin.editor.translationOf", { title: translation.source.title })}
            </p>
          ) : null}

          <ContentPanel {...panel} uploadImage={uploadImage} />
          <CoverPanel {...panel} upload={uploadImage} />
          <CategoriesPanel {...panel} />
          <LabelsFields {...panel} tagDraft={tagDraft} />
          <PublishingPanel {...panel} article={article} createPreviewLink={createPreviewLink} sends={sends} />
          <PagePreviewPanel values={values} />
          <SeoPanel {...panel} />

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
