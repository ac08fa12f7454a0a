/**
 * The heading of a paged list of one's writing ("My writing", "Recently deleted") and, when it
 * holds rows, which of them the page shows ("1–30 of 52"). `focusable` lets the list move the
 * focus to its heading (once a deleted row, and its button, are gone).
 */
import { PAGE_SIZE } from "../../api/records/records.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";

/** Props of {@link ListHeading}. */
export interface ListHeadingProps {
  id: string;
  heading: string;
  page: number;
  /** Rows of every page; no range is shown without any. */
  totalItems: number;
  focusable?: boolean;
}

/** The list's heading and its range. */
export function ListHeading(props: ListHeadingProps) {
  const { t } = useAppTranslation();
  const from = (props.page - 1) * PAGE_SIZE + 1;
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
      <h2
        id={props.id}
        tabIndex={props.focusable ? -1 : undefined}
        className="font-serif text-2xl font-semibold text-stone-900 outline-none [overflow-wrap:anywhere]"
      >
        {props.heading}
      </h2>
      {props.totalItems > 0 && (
        <p className="text-sm text-stone-700">
          {t("writing:range", {
            from,
            to: Math.min(from + PAGE_SIZE - 1, props.totalItems),
            total: props.totalItems,
          })}
        </p>
      )}
    </div>
  );
}
