import type { HTMLAttributes } from "react";

/** Names as chips, each with a × button that removes it (`removeLabel` names what it removes). */
export function RemovableChips({
  names,
  removeLabel,
  onRemove,
  ...list
}: HTMLAttributes<HTMLUListElement> & {
  names: readonly string[];
  removeLabel(name: string): string;
  onRemove(name: string): void;
}) {
  return (
    <ul {...list}>
      {names.map((name) => (
        <li
          key={name}
          className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-800"
        >
          {name}
          <button
            type="button"
            onClick={() => onRemove(name)}
            aria-label={removeLabel(name)}
            className="inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-slate-200"
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
