import { useEffect, useRef, useId, type ReactNode } from "react";

export interface ConfirmDialogProps {
  title: string;
  text: string;
  /** The safe choice: it has the focus, and Escape picks it. */
  cancelLabel: string;
  confirmLabel: string;
  onCancel(): void;
  onConfirm(): void;
  /** Red for what cannot be undone (the default), the site's blue for a step forward (publish and send). */
  tone?: "danger" | "primary";
  /** Shown under the text, before the buttons (a link to what the question is about). */
  children?: ReactNode;
  /** While the answer is being carried out: both buttons wait. */
  busy?: boolean;
}

/**
 * A question that must be answered before going on (an alertdialog on the native modal
 * <dialog>, above any dialog already open). Shown while it is rendered.
 */
export function ConfirmDialog({
  title,
  text,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
  tone = "danger",
  children,
  busy = false,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    cancelRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        // Escape here answers this question only, not the dialog underneath.
        event.stopPropagation();
        onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 text-slate-800 shadow-2xl backdrop:bg-slate-900/60"
    >
      <h2 id={titleId} className="text-xl font-bold text-ink">
        {title}
      </h2>
      <p id={textId} className="mt-2 text-slate-700">
        {text}
      </p>
      {children}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          ref={cancelRef}
          type="button"
          disabled={busy}
          onClick={onCancel}
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100"
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={onConfirm}
          className={`rounded-lg px-4 py-2 font-semibold text-white disabled:opacity-60 ${tone === "danger" ? "bg-red-700 hover:bg-red-800" : "bg-brand-700 hover:bg-brand-800"}`}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
