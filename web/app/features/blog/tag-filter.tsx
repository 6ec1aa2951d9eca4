import type { Tag } from "@codcrm/core/article/tags";
import { useTranslation } from "react-i18next";

/** The tag's name as the listed articles spell it; its slug while none is listed. */
export function tagName(slug: string, articles: readonly { tags?: readonly Tag[] }[]): string {
  for (const article of articles) {
    const found = article.tags?.find((t) => t.slug === slug);
    if (found) return found.name;
  }
  return slug;
}

/** Says which tag the list is filtered by, with a way back to every article. */
export function TagFilter({ name, onClear }: { name: string; onClear(): void }) {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      data-testid="tag-filter"
      className="mt-6 flex flex-wrap items-center gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-brand-900"
    >
      <span className="font-semibold">{t("blog.tagFilter", { tag: name })}</span>
      <button type="button" onClick={onClear} className="font-semibold underline underline-offset-4 hover:no-underline">
        {t("blog.clearTag")}
      </button>
    </p>
  );
}
