import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PlainButton } from "../../shared/components/buttons.tsx";

/** One page or more of a list, as the API pages them (`nextCursor` while there are more). */
export interface Paged<T> {
  items: T[];
  nextCursor?: string;
}

/** One list of the leads page: its title with the count so far, its items, and "Cargar más" while there are more. */
export function PagedSection<T>({
  id,
  title,
  page,
  onMore,
  children,
}: {
  id: string;
  title: string;
  page: Paged<T>;
  onMore(): void;
  children(item: T): ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`section-${id}`} className="mt-10">
      <h2 id={`section-${id}`} className="text-xl font-bold text-ink">
        {title}{" "}
        <span className="text-base font-normal text-slate-600">
          ({page.items.length}
          {page.nextCursor ? "+" : ""})
        </span>
      </h2>
      {page.items.length ? (
        <ul className="mt-4 grid gap-3">{page.items.map(children)}</ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{t("admin.leads.empty")}</p>
      )}
      {page.nextCursor ? (
        <PlainButton onClick={onMore} className="mt-4 px-3 py-2 text-sm">
          {t("admin.leads.more")}
        </PlainButton>
      ) : null}
    </section>
  );
}
