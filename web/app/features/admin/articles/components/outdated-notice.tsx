import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FallenBehind } from "@codcrm/core/article/article";
import type { ArticleRevision } from "@codcrm/core/article/revision";
import { isSessionRefused } from "../../shared/api/admin-request.ts";
import { RevisionDiff } from "./revision-diff.tsx";
import type { RevisionsApi } from "./history-panel.tsx";

/**
 * Above a translation whose source changed since it was last saved: it says so, and one click
 * shows the source's changes since then, word by word: the source's revision the translation
 * was saved against beside its text now (docs/decisions/0426-translations-that-fall-behind.md).
 */
export function OutdatedNotice({ behind, api }: { behind: FallenBehind; api: Pick<RevisionsApi, "getRevision"> }) {
  const { t } = useTranslation();
  const regionId = useId();
  const [before, setBefore] = useState<ArticleRevision | "none" | null>(null);
  const [failed, setFailed] = useState(false);
  const open = before !== null;

  async function toggle() {
    if (open) return setBefore(null);
    setFailed(false);
    if (behind.since === undefined) return setBefore("none");
    try {
      setBefore(await api.getRevision(behind.sourceId, behind.since));
    } catch (error) {
      if (isSessionRefused(error)) return;
      // The revision may be gone (only the last 50 are kept): show the source as it is now.
      console.error(error);
      setBefore("none");
      setFailed(true);
    }
  }

  const source = behind.source;
  return (
    <section
      aria-label={t("admin.editor.outdated.label")}
      data-testid="translation-outdated"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p>
        <strong>{t("admin.blog.outdated")}</strong>{" "}
        {t("admin.editor.outdated.notice", { language: t(`admin.languages.${behind.sourceLanguage}`) })}
      </p>
      {source ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => void toggle()}
          className="mt-2 font-semibold underline"
        >
          {open ? t("admin.editor.outdated.hide") : t("admin.editor.outdated.show")}
        </button>
      ) : null}
      <div id={regionId} hidden={!open} className="mt-3 space-y-3">
        {before === "none" && source ? (
          <>
            <p className="text-amber-900">
              {failed ? t("admin.editor.outdated.revisionGone") : t("admin.editor.outdated.noVersion")}
            </p>
            <RevisionDiff label={t("admin.editor.fields.content")} before="" after={source.content} />
          </>
        ) : before && before !== "none" && source ? (
          <>
            <p>{t("admin.editor.outdated.versions", { since: behind.since, current: behind.current })}</p>
            <RevisionDiff label={t("admin.editor.fields.title")} before={before.title} after={source.title} />
            <RevisionDiff label={t("admin.editor.fields.excerpt")} before={before.excerpt} after={source.excerpt} />
            <RevisionDiff label={t("admin.editor.fields.content")} before={before.content} after={source.content} />
          </>
        ) : null}
      </div>
    </section>
  );
}
