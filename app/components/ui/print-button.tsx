/**
 * "Print or save as PDF": opens the browser's print dialog (every browser offers "Save as
 * PDF" there); the print stylesheet (`app/print.css`) keeps only the page's content. The
 * button itself never prints.
 */
import { Printer } from "lucide-react";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { buttonClass } from "./button-link.tsx";

/** The print action; `compact` shows only its icon (its name stays, for assistive technology). */
export function PrintButton({ compact = false }: { compact?: boolean }) {
  const { t } = useAppTranslation();
  const label = t("data:print.action");
  return (
    <button
      type="button"
      onClick={() => {
        window.print();
      }}
      aria-label={compact ? label : undefined}
      title={compact ? label : undefined}
      data-print="hide"
      className={
        compact
          ? "inline-flex size-9 items-center justify-center rounded border border-stone-300 bg-white text-stone-800 hover:bg-stone-100 print:hidden"
          : `${buttonClass.secondary} print:hidden`
      }
    >
      <Printer aria-hidden size={compact ? 18 : 16} />
      {!compact && label}
    </button>
  );
}
