/**
 * A modal confirmation built on the native `<dialog>`: the browser keeps focus inside it,
 * Escape cancels, and focus returns to where it was. The safe choice comes first and takes
 * the focus when the dialog opens, even when the body holds a control (an option to tick): a
 * stray Enter never confirms a deletion.
 */
import { useEffect, useId, useRef, type ReactNode } from "react";
import { buttonClass } from "./button-link.tsx";

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Styles the confirmation as destructive (red). */
  destructive?: boolean;
  /** Disables both buttons while the confirmed action runs. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirmation dialog. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();
  const { open } = props;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancel.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        if (!props.busy) props.onCancel();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-stone-300 bg-white p-6 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
    >
      <h2 id={`${id}-title`} className="font-serif text-xl font-bold">
        {props.title}
      </h2>
      <div id={`${id}-body`} className="mt-3 text-stone-800">
        {props.children}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          ref={cancel}
          type="button"
          disabled={props.busy}
          onClick={props.onCancel}
          className={buttonClass.secondary}
        >
          {props.cancelLabel}
        </button>
        <button
          type="button"
          disabled={props.busy}
          onClick={props.onConfirm}
          className={
            props.destructive
              ? "inline-flex items-center justify-center gap-2 rounded bg-red-800 px-4 py-2 font-semibold text-white hover:bg-red-900 disabled:opacity-60"
              : buttonClass.primary
          }
        >
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
