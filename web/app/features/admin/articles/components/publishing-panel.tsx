import type { AdminArticle } from "@codcrm/core/article/article";
import { useTranslation } from "react-i18next";
import { instantToMadrid } from "@codcrm/core/site/madrid-time";
import type { PreviewLink } from "../api/articles-api.ts";
import { field, text, type PanelFields, type PanelProps } from "../lib/form-fields.ts";
import { PreviewLinkButton } from "./preview-link-button.tsx";
import { ScheduleField } from "./schedule-field.tsx";
import { SendOnPublish, SendToSubscribers, type SendApi } from "./send-to-subscribers.tsx";
import type { ArticleSendStatus } from "@codcrm/core/article/article-send";
import type { ArticleFormValues } from "@codcrm/core/article/article-schema";

/** Whether and when the article shows on the site; a new translation starts unpublished and unscheduled. */
export const PUBLISHING_FIELDS = {
  published: field<boolean>({ empty: false, fromArticle: (article) => article.published, translation: "clear" }),
  /**
   * "Publicar el…" on Madrid's clock ("2026-07-01T10:30"), or "": sent as an instant; only a
   * schedule still to come (docs/decisions/0091-scheduling-in-madrid-time.md).
   */
  publishAt: text(
    (article) => (article.status === "scheduled" && article.publishAt ? instantToMadrid(article.publishAt) : undefined),
    { translation: "clear", label: "admin.editor.schedule.label" },
  ),
} satisfies PanelFields;

/**
 * Publishing: the "Publicado" box, its schedule, a private preview link of the saved article,
 * and sending a published (or scheduled) article to its language's subscribers.
 */
export function PublishingPanel({
  values,
  errors,
  update,
  article,
  createPreviewLink,
  sends,
  sendOnPublish,
  mailValues,
}: PanelProps & {
  /** The saved article, if any: previews and sends are of what is saved. */
  article?: AdminArticle;
  createPreviewLink?(id: string): Promise<PreviewLink>;
  sends?: SendApi;
  /**
   * "Enviar también a los N suscriptores en …", when this save publishes or schedules a saved
   * article never sent (docs/decisions/0453-send-flow-with-preview-and-test.md).
   */
  sendOnPublish?: { status: ArticleSendStatus; checked: boolean; onChange(checked: boolean): void };
  /** The form as the API takes it: the mail's preview and test are made of it. */
  mailValues?: () => ArticleFormValues;
}) {
  const { t } = useTranslation();
  const scheduleProblem = errors.publishAt === "invalid" || errors.publishAt === "past" ? errors.publishAt : undefined;
  return (
    <>
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
          problem={scheduleProblem}
          onChange={(value) => update("publishAt", value)}
        />
      ) : null}
      {article && createPreviewLink ? <PreviewLinkButton articleId={article.id} create={createPreviewLink} /> : null}
      {article && sends && sendOnPublish && mailValues ? (
        <SendOnPublish
          {...sendOnPublish}
          scheduled={Boolean(values.publishAt)}
          articleId={article.id}
          values={mailValues}
          api={sends}
        />
      ) : null}
      {/* The saved article decides: a published (or scheduled) one may be sent (decision 0163). */}
      {article?.published && sends ? (
        <SendToSubscribers articleId={article.id} api={sends} values={mailValues} />
      ) : null}
    </>
  );
}
