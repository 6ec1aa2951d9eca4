import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, useId } from "react";
import type { AdminArticle } from "@codcrm/core/article/article";
import { articleFormSchema, type ArticleFormValues } from "@codcrm/core/article/article-schema";
import { imageAltErrors } from "@codcrm/core/article/article-images";
import type { ArticleSendStatus } from "@codcrm/core/article/article-send";
import type { PendingChanges } from "@codcrm/core/article/pending-changes";
import { formatMadrid } from "@codcrm/core/site/madrid-time";
import type { MediaInfo } from "@codcrm/core/media/media-rules";
import { fieldErrors, type FieldError } from "@codcrm/core/validation";
import { Dialog } from "../../../../ui/dialog.tsx";
import { ConfirmDialog, type ConfirmDialogProps } from "../../../../ui/confirm-dialog.tsx";
import { ApiError } from "../../../../lib/api-client.ts";
import { isSessionRefused } from "../../shared/api/admin-request.ts";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../../i18n/language-context.tsx";
import { PlainButton, PrimaryButton } from "../../shared/components/buttons.tsx";
import type { ListedArticle, PreviewLink } from "../api/articles-api.ts";
import { editorDraftKey, removeDraft } from "../lib/local-draft.ts";
import { useAutosave, useLocalCopy } from "../hooks/use-editor-safety.ts";
import { useTagDraft } from "../hooks/use-tag-draft.ts";
import {
  FIELD_LABELS,
  fromArticle,
  fromSaved,
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
import { useRecipientWords, type SendApi } from "./send-to-subscribers.tsx";

export type { TranslationDraft } from "./translations-panel.tsx";

function initialValues(article: ListedArticle | undefined, translation: TranslationDraft | undefined): FormState {
  if (translation) return translationForm(translation.source, translation.language);
  return article ? fromSaved(article) : fromArticle(undefined);
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

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A draft's form with its state as the server keeps it: autosave never publishes. */
const asDraft = (values: FormState): FormState => ({ ...values, published: false, publishAt: "" });

/** What a save of a saved article is based on: its version, and the pending changes the form holds. */
export interface SaveBase {
  id: string;
  version: number;
  /** The revision of the pending changes the form was written on, 0 when none. */
  pendingRevision: number;
}

export interface ArticleEditorProps {
  /** The article being edited; absent for a new one. */
  article?: ListedArticle;
  /** A new article that is a translation of another (`translationOf`), prefilled from it. */
  translation?: TranslationDraft;
  onClose(): void;
  /** Creates (no base) or updates (on `base`); resolves with the saved article. */
  save(values: ArticleFormValues, base: SaveBase | undefined): Promise<AdminArticle>;
  /** Keeps a published article's edits as pending changes (docs/decisions/0451-pending-changes-of-a-published-article.md). */
  savePending?(id: string, values: ArticleFormValues, base: Omit<SaveBase, "id">): Promise<PendingChanges>;
  /** Drops a published article's pending changes of one revision. */
  discardPending?(id: string, revision: number): Promise<void>;
  /** The article as it is on the server now (after a conflict), or undefined when it is gone. */
  fetchLatest(id: string): Promise<AdminArticle | undefined>;
  /** Saved with the button (Guardar, Actualizar); `sending` when its send to subscribers was asked for too. */
  onSaved(article: AdminArticle, outcome?: { sending?: boolean; sendFailed?: boolean }): void;
  /** From the Translations panel: edit another article of the group. */
  onEditTranslation(id: string): void;
  /** From the Translations panel: a new translation of the saved article. */
  onTranslate(draft: TranslationDraft): void;
  /** Saved by itself: the editor stays open; `created` when this made a new article (its address changes). */
  onAutosaved?(article: AdminArticle, created: boolean): void;
  /** Whether there are unsaved changes, for guards outside the editor (navigation). */
  onDirtyChange?(dirty: boolean): void;
  /** The History panel's calls; without them there is no panel. */
  revisions?: RevisionsApi;
  /** Makes a preview link; without it there is no button. */
  createPreviewLink?(id: string): Promise<PreviewLink>;
  /** Sending to the article's language's subscribers, with the mail's preview and test; without it, no section. */
  sends?: SendApi;
  /** Uploads an image file (cover, or pasted/dropped into the content). */
  uploadImage?: (file: File) => Promise<MediaInfo>;
}

/**
 * The 'Nuevo Artículo' / 'Editar Artículo' modal: the panels, one per part of the article, in
 * the form's order, and the save flow (the API's own schema checks the form). Each panel gets
 * the whole form through `PanelProps` and declares its own fields (`lib/form-fields.ts`,
 * docs/decisions/0183-editor-panels-from-the-schema.md): a field added to a panel needs no
 * change here. What is typed saves itself (docs/decisions/0451-pending-changes-of-a-published-article.md):
 * a new article as a draft, a draft as itself, a published one as pending changes until
 * "Actualizar"; every question asks in the site's own dialog; Ctrl/⌘+S saves.
 */
export function ArticleEditor({
  article,
  translation,
  onClose,
  save,
  savePending,
  discardPending,
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
  const formRef = useRef<HTMLFormElement>(null);
  const [initial] = useState<FormState>(() => initialValues(article, translation));
  const [values, setValues] = useState<FormState>(initial);
  /**
   * The article as the server has it (the one opened, or the one the first autosave created),
   * the version the form is based on and the pending changes it holds (0: none). Kept in a ref
   * as well as in state: a save pressed while an autosave is under way waits for it, then reads
   * what it left, never the values its own render saw.
   */
  const server = useRef({
    saved: article,
    version: article?.version,
    pendingRevision: article?.pending?.revision ?? 0,
  });
  const [{ saved, version, pendingRevision }, setServerState] = useState(server.current);
  const setServer = (next: Partial<typeof server.current>) => {
    server.current = { ...server.current, ...next };
    setServerState(server.current);
  };
  const setSaved = (next: AdminArticle) => setServer({ saved: next });
  const setVersion = (next: number) => setServer({ version: next });
  const setPendingRevision = (next: number) => setServer({ pendingRevision: next });
  /** The autosave under way, if any: a save waits for it (one article, never two). */
  const autosaving = useRef<Promise<void> | null>(null);
  /** What the server has of this form: typing is unsaved while the form differs from it. */
  const [baseline, setBaseline] = useState<FormState>(initial);
  const [autosaveState, setAutosaveState] = useState<AutosaveState>("idle");
  const [savedAt, setSavedAt] = useState<string | undefined>(article?.pending?.savedAt);
  /** After an autosave conflict: nothing more goes to the server until the administrator saves. */
  const [autosaveStopped, setAutosaveStopped] = useState(false);
  const [question, setQuestion] = useState<
    | { kind: "close" }
    | { kind: "reload" }
    | { kind: "leave"; go(): void }
    | { kind: "discardPending" }
    | { kind: "send"; payload: ArticleFormValues; status: ArticleSendStatus }
    | null
  >(null);
  const newDraftKey = editorDraftKey(undefined, translation?.language ?? initial.language);
  const local = useLocalCopy({
    key: saved ? editorDraftKey(saved.id, saved.language) : newDraftKey,
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
  /** "Enviar también a los N suscriptores": the count of the saved article's language, and the choice. */
  const [sendOffer, setSendOffer] = useState<ArticleSendStatus | null>(null);
  const [sendOnPublish, setSendOnPublish] = useState(false);

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  /** A published article (on the server) keeps its edits apart until "Actualizar". */
  const publishedOnServer = Boolean(saved?.published);
  /** The text differs from the server's (a draft's "Publicado" tick alone waits for "Guardar"). */
  const textDirty = publishedOnServer ? dirty : !same(asDraft(values), asDraft(baseline));
  const complete = articleFormSchema.safeParse(toPayload(values)).success;
  useAutosave({
    enabled: !autosaveStopped && !conflict && !saving && !local.offer && complete,
    dirty: textDirty,
    busy: autosaveState === "saving",
    values,
    run: () => void autosave(),
  });

  // The send is offered when this save publishes or schedules a saved article never sent.
  const offersSend = Boolean(
    sends && saved && !saved.published && values.published && values.language === saved.language,
  );
  useEffect(() => {
    if (!offersSend || !saved || !sends) return;
    let live = true;
    sends.sendStatus(saved.id).then(
      (status) => live && setSendOffer(status.send ? null : status),
      () => live && setSendOffer(null),
    );
    return () => {
      live = false;
    };
  }, [offersSend, saved, sends]);

  function autosave(): Promise<void> {
    const run = autosaveNow().finally(() => {
      autosaving.current = null;
    });
    autosaving.current = run;
    return run;
  }

  async function autosaveNow() {
    const sent = values;
    const { saved, version, pendingRevision } = server.current;
    setAutosaveState("saving");
    try {
      if (!saved) {
        // The first save of a new article creates it, a draft (a translation in its source's group).
        const payload = toPayload(asDraft(sent));
        const created = await save(
          translation ? { ...payload, translationOf: translation.source.id } : payload,
          undefined,
        );
        removeDraft(newDraftKey);
        setServer({ saved: created, version: created.version });
        setBaseline({ ...sent, published: false, publishAt: "" });
        setSavedAt(created.updatedAt);
        onAutosaved?.(created, true);
      } else if (saved.published) {
        if (!savePending || version === undefined) return setAutosaveState("idle");
        const pending = await savePending(saved.id, toPayload(sent), { version, pendingRevision });
        setPendingRevision(pending.revision);
        setBaseline(sent);
        setSavedAt(pending.savedAt);
      } else {
        const updated = await save(toPayload(asDraft(sent)), { id: saved.id, version: version!, pendingRevision });
        setServer({ saved: updated, version: updated.version, pendingRevision: 0 });
        setBaseline({ ...sent, published: false, publishAt: "" });
        setSavedAt(updated.updatedAt);
        onAutosaved?.(updated, false);
      }
      setAutosaveState("idle");
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
    if (dirty) setQuestion({ kind: "close" });
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

  /** The form as it would be saved, or undefined after naming its problems. */
  function checked(): { payload: ArticleFormValues; current: FormState } | undefined {
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
      return undefined;
    }
    setErrors(withSchedule);
    if (problem) {
      setFailedSaves((count) => count + 1);
      return undefined;
    }
    const altErrors = imageAltErrors(parsed.data);
    if (altErrors.length > 0) {
      setErrors(byField(altErrors));
      setFailedSaves((count) => count + 1);
      return undefined;
    }
    return { payload: toPayload(current), current };
  }

  /** Saves the form on `baseVersion` (the version the form is based on when not given). */
  async function submit(baseVersion?: number, options: { send?: boolean } = {}) {
    const form = checked();
    if (!form) return;
    setSaving(true);
    setFailure(null);
    setConflict(false);
    try {
      // An autosave under way finishes first: a new article it creates is the one saved now.
      await autosaving.current?.catch(() => {});
      const { saved, version, pendingRevision } = server.current;
      const base = baseVersion ?? version;
      // A translation joins its source's group; an edit keeps the group it has.
      const result = await save(
        translation && !saved ? { ...form.payload, translationOf: translation.source.id } : form.payload,
        saved && base !== undefined ? { id: saved.id, version: base, pendingRevision } : undefined,
      );
      local.forget();
      if (!options.send || !sends) return onSaved(result);
      try {
        await sends.startSend(result.id);
        onSaved(result, { sending: true });
      } catch (error) {
        if (isSessionRefused(error)) return;
        console.error("Error al pedir el envío del artículo", error);
        onSaved(result, { sendFailed: true });
      }
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

  /** Saves, or first asks when this save also sends the article to its subscribers. */
  function requestSave() {
    if (saving) return;
    if (offersSend && sendOnPublish && sendOffer) {
      const form = checked();
      if (form) setQuestion({ kind: "send", payload: form.payload, status: sendOffer });
      return;
    }
    void submit();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    requestSave();
  }

  /** Ctrl+S (⌘+S) saves, from any field, the Markdown text box included. */
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
      event.preventDefault();
      if (!question) requestSave();
    }
  }

  /** After a conflict: show the current version instead (asked first: it replaces what was typed). */
  async function loadLatest() {
    setQuestion(null);
    if (!saved) return;
    const latest = await latestOrFailure(saved.id);
    if (!latest) return;
    const form = fromSaved(latest);
    setSaved(latest);
    setValues(form);
    setBaseline(form);
    setVersion(latest.version);
    setPendingRevision(latest.pending?.revision ?? 0);
    setSavedAt(latest.pending?.savedAt);
    setAutosaveStopped(false);
    setErrors({});
    setConflict(false);
  }

  /** After a conflict: save what was typed over the current version, knowingly. */
  async function overwrite() {
    if (!saved) return;
    const latest = await latestOrFailure(saved.id);
    if (!latest) return;
    setSaved(latest);
    setVersion(latest.version);
    const latestPending = latest.pending?.revision ?? 0;
    setPendingRevision(latestPending);
    setAutosaveStopped(false);
    if (latest.published && savePending) {
      // A published article's changes stay pending: written over the newer ones, not published.
      try {
        const pending = await savePending(latest.id, toPayload(values), {
          version: latest.version,
          pendingRevision: latestPending,
        });
        setPendingRevision(pending.revision);
        setBaseline(values);
        setSavedAt(pending.savedAt);
        setConflict(false);
      } catch (error) {
        if (!isSessionRefused(error)) setFailure(t("admin.editor.saveFailed"));
      }
      return;
    }
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

  /** "Descartar los cambios" of a published article: back to what visitors see. */
  async function dropPending() {
    setQuestion(null);
    if (!saved || !discardPending) return;
    try {
      if (pendingRevision > 0) await discardPending(saved.id, pendingRevision);
      const form = fromArticle(saved);
      setValues(form);
      setBaseline(form);
      setPendingRevision(0);
      setSavedAt(undefined);
      local.forget();
    } catch (error) {
      if (isSessionRefused(error)) return;
      if (error instanceof ApiError && error.code === "version_conflict") setConflict(true);
      else setFailure(t("admin.editor.pending.discardFailed"));
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
    if (dirty) setQuestion({ kind: "leave", go: next });
    else next();
  }

  const hasPending = publishedOnServer && (pendingRevision > 0 || dirty);
  const hint =
    publishedOnServer && hasPending
      ? "pending"
      : !publishedOnServer && values.published && !textDirty && savedAt
        ? "publish"
        : !complete && !saved
          ? "incomplete"
          : undefined;

  /** The questions before edits are left or thrown away: each one's words and what its yes does. */
  function confirmation(): Pick<ConfirmDialogProps, "title" | "text" | "confirmLabel" | "onConfirm"> | null {
    switch (question?.kind) {
      case "close":
        return {
          title: t("admin.editor.leave.title"),
          text: t("admin.editor.leave.text"),
          confirmLabel: t("admin.editor.leave.discard"),
          onConfirm: () => {
            local.forget();
            onClose();
          },
        };
      case "leave": {
        const { go } = question;
        return {
          title: t("admin.editor.leave.title"),
          text: t("admin.editor.translations.confirmLeave"),
          confirmLabel: t("admin.editor.translations.leaveConfirm"),
          onConfirm: () => {
            setQuestion(null);
            go();
          },
        };
      }
      case "reload":
        return {
          title: t("admin.editor.conflict.reloadTitle"),
          text: t("admin.editor.conflict.confirmReload"),
          confirmLabel: t("admin.editor.conflict.reloadConfirm"),
          onConfirm: () => void loadLatest(),
        };
      case "discardPending":
        return {
          title: t("admin.editor.pending.discardTitle"),
          text: t("admin.editor.pending.discardText"),
          confirmLabel: t("admin.editor.pending.discard"),
          onConfirm: () => void dropPending(),
        };
      default:
        return null;
    }
  }
  const asked = confirmation();

  return (
    <Dialog
      open
      onClose={requestClose}
      // Named as it was opened: a new article saved by itself stays the dialog that was opened.
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
      {asked ? (
        <ConfirmDialog {...asked} cancelLabel={t("admin.editor.leave.stay")} onCancel={() => setQuestion(null)} />
      ) : question?.kind === "send" ? (
        <SendQuestion
          title={values.title}
          status={question.status}
          publishAt={question.payload.publishAt}
          busy={saving}
          onCancel={() => setQuestion(null)}
          onConfirm={() => {
            setQuestion(null);
            void submit(undefined, { send: true });
          }}
        />
      ) : null}
      <FieldIdsContext value={formId}>
        <form ref={formRef} id={formId} onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate className="space-y-5">
          <ErrorSummary formId={formId} problems={problems} attempt={failedSaves} />
          {local.offer ? (
            <RecoveryOffer
              savedAt={local.offer.savedAt}
              onRecover={() => {
                const offer = local.offer!;
                setValues({ ...values, ...offer.values });
                // Based on an older version, a save meets the newer one as a conflict instead of overwriting it.
                if (saved && offer.version !== undefined) setVersion(offer.version);
                local.closeOffer();
              }}
              onDiscard={local.forget}
            />
          ) : null}
          {conflict ? (
            <ConflictNotice
              autosaveStopped={autosaveStopped}
              onReload={() => setQuestion({ kind: "reload" })}
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
          {translation && !saved ? (
            <p className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900">
              {t("admin.editor.translationOf", { title: translation.source.title })}
            </p>
          ) : null}

          <ContentPanel {...panel} uploadImage={uploadImage} />
          <CoverPanel {...panel} upload={uploadImage} />
          <CategoriesPanel {...panel} />
          <LabelsFields {...panel} tagDraft={tagDraft} />
          <PublishingPanel
            {...panel}
            article={saved}
            createPreviewLink={createPreviewLink}
            sends={sends}
            sendOnPublish={
              offersSend && sendOffer
                ? { status: sendOffer, checked: sendOnPublish, onChange: setSendOnPublish }
                : undefined
            }
            mailValues={() => toPayload(values)}
          />
          <PagePreviewPanel values={values} />
          <SeoPanel {...panel} />

          <TranslationsPanel
            article={saved}
            translation={saved ? undefined : translation}
            language={values.language}
            published={values.published}
            onEdit={(id) => leaveFor(() => onEditTranslation(id))}
            onTranslate={(source, language) => leaveFor(() => onTranslate({ source, language }))}
          />

          {saved && revisions && version !== undefined ? (
            <HistoryPanel
              articleId={saved.id}
              version={version}
              current={values}
              dirty={dirty}
              api={revisions}
              onRestored={(restored) => {
                setSaved(restored);
                setValues(fromArticle(restored));
                setBaseline(fromArticle(restored));
                setVersion(restored.version);
                setConflict(false);
                setAutosaveStopped(false);
                onAutosaved?.(restored, false);
              }}
            />
          ) : null}

          <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-4">
            <div className="mr-auto">
              <SaveStatus
                dirty={textDirty}
                state={autosaveState}
                savedAt={savedAt}
                pending={publishedOnServer}
                hint={hint}
              />
            </div>
            {publishedOnServer && discardPending && (pendingRevision > 0 || dirty) ? (
              <PlainButton onClick={() => setQuestion({ kind: "discardPending" })} className="px-4 py-2">
                {t("admin.editor.pending.discard")}
              </PlainButton>
            ) : null}
            <PlainButton onClick={requestClose} className="px-4 py-2">
              {t("admin.editor.cancel")}
            </PlainButton>
            <PrimaryButton
              type="submit"
              disabled={saving}
              aria-keyshortcuts="Control+S Meta+S"
              className="px-4 py-2 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {saving
                ? t("admin.editor.saving")
                : publishedOnServer
                  ? t("admin.editor.update")
                  : t("admin.editor.save")}
            </PrimaryButton>
          </div>
        </form>
      </FieldIdsContext>
    </Dialog>
  );
}

/**
 * The question before a save that also sends: how many subscribers of which language get it,
 * now or at the scheduled time (docs/decisions/0453-send-flow-with-preview-and-test.md).
 */
function SendQuestion({
  title,
  status,
  publishAt,
  busy,
  onCancel,
  onConfirm,
}: {
  title: string;
  status: ArticleSendStatus;
  /** The instant the article is scheduled for, when it is. */
  publishAt?: string;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const recipientWords = useRecipientWords();
  const scheduled = Boolean(publishAt && Date.parse(publishAt) > Date.now());
  const values = { title, ...recipientWords(status), date: publishAt ? formatMadrid(publishAt, language) : "" };
  return (
    <ConfirmDialog
      tone="primary"
      title={t(scheduled ? "admin.editor.send.scheduleTitle" : "admin.editor.send.publishTitle")}
      text={t(scheduled ? "admin.editor.send.scheduleText" : "admin.editor.send.publishText", values)}
      cancelLabel={t("admin.editor.send.back")}
      confirmLabel={t(scheduled ? "admin.editor.send.scheduleButton" : "admin.editor.send.publishButton")}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
