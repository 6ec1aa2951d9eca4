import type { TitledItem } from "./use-copy.ts";

/** Short titled cards, four across on wide screens: the about page's values, the careers page's reasons to join. */
export function TitledCardList({ items }: { items: TitledItem[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((item) => (
        <li key={item.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
          <p className="mt-2 text-slate-700">{item.description}</p>
        </li>
      ))}
    </ul>
  );
}
