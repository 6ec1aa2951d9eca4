import type { Figure } from "./use-copy.ts";

/** The claims of a page ("95% menos incidencias de cobro") as a row of tiles. */
export function FigureList({ figures, className = "mt-10" }: { figures: Figure[]; className?: string }) {
  if (figures.length === 0) return null;
  const columns = figures.length >= 4 ? "lg:grid-cols-4" : "sm:grid-cols-3";
  return (
    <ul className={`grid grid-cols-2 gap-4 ${columns} ${className}`}>
      {figures.map((figure) => (
        <li
          key={`${figure.value} ${figure.label}`}
          className="rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm"
        >
          <p className="text-3xl font-extrabold text-brand-700">{figure.value}</p>
          <p className="mt-1 text-sm text-slate-700">{figure.label}</p>
        </li>
      ))}
    </ul>
  );
}
