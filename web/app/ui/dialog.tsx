import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, useId } from "react";
import { ControlIcon } from "./icons.tsx";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  /** Called when the visitor asks to close it (X button, Escape, click on the backdrop). */
  onClose(): void;
  /** The dialog's visible heading; it also names the dialog for assistive technology. */
  title: string;
  /** Accessible name of the X button. */
  closeLabel: string;
  children: ReactNode;
  className?: string;
  /**
   * Whether a click on the backdrop closes it. Off for dialogs holding typed work (an
   * editor), where a stray click must not throw it away; X and Escape still close.
   */
  closeOnBackdrop?: boolean;
  /** The element's id, for a button that names it (`aria-controls`) and opens it before the app. */
  id?: string;
  /**
   * Rendered while closed too, in the page's HTML, so that the page opens it before the app
   * has started (the start script calls `showModal()`), and the app, hydrating, finds it open:
   * then `onOpenedBefore` is called, for the owner's state to say open as well
   * (docs/decisions/0209-contact-dialog-opens-before-the-app.md).
   */
  rendersClosed?: boolean;
  onOpenedBefore?(): void;
}

/**
 * A modal dialog on the native <dialog> element: the rest of the page is inert while it is
 * open, Tab cycles inside it, Escape closes it and focus goes back to what opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  closeLabel,
  children,
  className = "",
  closeOnBackdrop = true,
  id,
  rendersClosed = false,
  onOpenedBefore,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const mounted = useRef(false);

  // Opened before the browser paints the render that asked for it, not in the frame after.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const first = !mounted.current;
    mounted.current = true;
    if (first && !open && dialog.open) {
      // Opened by the page before the app had it: left open, with what the visitor typed, and
      // focus goes back to the button that names it when it closes.
      opener.current = id ? document.querySelector<HTMLElement>(`[aria-controls="${id}"]`) : null;
      onOpenedBefore?.();
    } else if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = null;
    }
    // Only a change of `open` moves the element; the callback's identity does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab" || !ref.current) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={open || rendersClosed ? titleId : undefined}
      // Escape fires "cancel": the owner's state closes the dialog, so both stay in step.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === ref.current) onClose();
      }}
      onKeyDown={onKeyDown}
      className={`m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-900/60 ${className}`}
    >
      {open || rendersClosed ? (
        <div className="p-6 sm:p-8">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-2xl font-bold text-ink">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="-m-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-ink"
            >
              <span className="sr-only">{closeLabel}</span>
              <ControlIcon name="close" />
            </button>
          </div>
          <div className="mt-4">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
