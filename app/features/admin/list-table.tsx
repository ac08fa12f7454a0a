/**
 * The results part of the admin lists (`/admin/users`, `/i`): the result count, a message
 * when nothing matches or the table of this page, then the pagination. The table frame
 * scrolls sideways on narrow screens and names itself for screen readers.
 */
import type { ReactNode } from "react";
import { Pagination } from "../../components/records/record-lists.tsx";
import { ResultCount } from "./list-filters.tsx";

/** Props of {@link ListResults}. */
export interface ListResultsProps {
  /** Matching records over all pages. */
  totalItems: number;
  page: number;
  totalPages: number;
  /** Rows on this page: none shows `emptyText` instead of the table. */
  shown: number;
  emptyText: string;
  /** The table's `data-testid`. */
  testId: string;
  /** The table's caption (read by screen readers only). */
  caption: string;
  /** The column headings, in order. */
  columns: readonly string[];
  /** The class of every heading and cell (the rows use it too). */
  cellClassName: string;
  /** The `<tr>` rows of this page. */
  children: ReactNode;
}

/** Count, table (or "no match"), pagination. */
export function ListResults(props: ListResultsProps) {
  return (
    <>
      <ResultCount count={props.totalItems} />
      {props.shown === 0 ? (
        <p className="text-stone-700">{props.emptyText}</p>
      ) : (
        <div className="relative overflow-x-auto rounded border border-stone-200 bg-white">
          <table className="w-full text-left text-sm" data-testid={props.testId}>
            <caption className="sr-only">{props.caption}</caption>
            <thead className="bg-stone-100">
              <tr>
                {props.columns.map((column) => (
                  <th key={column} scope="col" className={props.cellClassName}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">{props.children}</tbody>
          </table>
        </div>
      )}
      <Pagination page={props.page} totalPages={props.totalPages} />
    </>
  );
}
