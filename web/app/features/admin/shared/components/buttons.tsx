import type { ComponentProps } from "react";

/**
 * The administration's plain button: bordered and light, `type="button"` unless another type
 * is given. `className` gives its size and place (`px-3 py-2 text-sm`, `ml-auto`, …).
 */
export function PlainButton({ className, ...props }: ComponentProps<"button">) {
  return (
    <button
      type="button"
      {...props}
      className={`rounded-lg border border-slate-300 font-semibold text-slate-800 hover:bg-slate-100 ${className ?? ""}`}
    />
  );
}

/**
 * The administration's main action on a screen or a panel (new article, save, restore,
 * recover, retry): filled with the brand's colour, `type="button"` unless another type is given.
 */
export function PrimaryButton({ className, ...props }: ComponentProps<"button">) {
  return (
    <button
      type="button"
      {...props}
      className={`rounded-lg bg-brand-700 font-semibold text-white hover:bg-brand-800 ${className ?? ""}`}
    />
  );
}

/**
 * Buttons of which the chosen one is pressed: the ways to show one thing (write or preview, HTML
 * or text). The caller gives their box and its name, if it has one.
 */
export function ChoiceButtons<T extends string>({
  choices,
  chosen,
  onChoose,
  label,
}: {
  choices: readonly T[];
  chosen: T;
  onChoose(choice: NoInfer<T>): void;
  label(choice: NoInfer<T>): string;
}) {
  return choices.map((choice) => (
    <button
      key={choice}
      type="button"
      aria-pressed={chosen === choice}
      onClick={() => onChoose(choice)}
      className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
    >
      {label(choice)}
    </button>
  ));
}
