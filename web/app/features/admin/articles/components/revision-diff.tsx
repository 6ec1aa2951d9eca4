import { diffWords } from "diff";
import { useTranslation } from "react-i18next";

/**
 * The words of `before` missing from `after` struck through (<del>) and the new ones
 * underlined (<ins>); each change also says what it is in words, since screen readers do not
 * announce <ins>/<del> by themselves.
 */
export function RevisionDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const { t } = useTranslation();
  const parts = diffWords(before, after);
  const changed = parts.some((part) => part.added || part.removed);
  return (
    <div>
      <h5 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</h5>
      {changed ? (
        <p data-testid="revision-diff" className="mt-1 whitespace-pre-wrap text-slate-900">
          {parts.map((part, index) =>
            part.removed ? (
              <del key={index} className="bg-red-100 text-red-900 decoration-red-700">
                <span className="sr-only">{t("admin.editor.history.removedMark")} </span>
                {part.value}
              </del>
            ) : part.added ? (
              <ins key={index} className="bg-green-100 text-green-900 decoration-green-700">
                <span className="sr-only">{t("admin.editor.history.addedMark")} </span>
                {part.value}
              </ins>
            ) : (
              <span key={index}>{part.value}</span>
            ),
          )}
        </p>
      ) : (
        <p className="mt-1 text-slate-600">{t("admin.editor.history.same")}</p>
      )}
    </div>
  );
}
