/**
 * Pieces of the `/admin/settings` sections: read-only facts and tables, the "set by the
 * environment" note, and the fields whose API errors are keyed by the setting's path
 * (`batch.maxRequests`).
 */
import type { ReactNode } from "react";
import { TextInput } from "../../components/ui/form-controls.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { FieldMessages } from "../../components/forms/use-form-submit.ts";
import type { SystemSettings } from "../../api/system/system-types.ts";

/** What every editable section gets: the settings as loaded and the API's field errors. */
export interface SectionProps {
  settings: SystemSettings;
  /** Messages keyed by the setting's path (`meta.appName`). */
  errors: FieldMessages;
}

/** A number field's value as a number when it is one, else as typed (the API refuses it). */
export function numberOrText(value: string): number | string {
  const trimmed = value.trim();
  return trimmed !== "" && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/** Read-only facts: a definition list. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-stone-900">{term}</dt>
          <dd className="mb-2 text-stone-800 wrap-anywhere sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A read-only table under column headings; each row's first cell is a name (monospace).
 * `label` names the table's scrolling region for assistive technologies.
 */
export function PlainTable(props: {
  label: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    // Zero wide for the layout, as wide as its place: a table wider than a phone scrolls
    // sideways here instead of widening the page (its words are never broken). The region
    // takes the focus, so the keyboard scrolls it too.
    <div
      role="region"
      aria-label={props.label}
      tabIndex={0}
      className="w-0 min-w-full overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-amber-800"
    >
      <table className="w-full text-left text-sm break-words">
        <thead className="bg-stone-100">
          <tr>
            {props.columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {props.rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td
                  key={index}
                  className={index === 0 ? "px-3 py-2 font-mono whitespace-nowrap" : "px-3 py-2"}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * What the environment decides: `children`, or the `empty` note when there is nothing, then
 * which `variables` set it.
 */
export function EnvManaged(props: {
  variables: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <>
      {props.empty === null ? (
        props.children
      ) : (
        <p className="text-sm text-stone-800">{props.empty}</p>
      )}
      <EnvNote variables={props.variables} />
    </>
  );
}

/** The "set by the environment" note of a read-only part. */
export function EnvNote({ variables }: { variables: string }) {
  const { t } = useAppTranslation();
  return (
    <p className="text-sm text-stone-700">
      <span className="mr-2 inline-block rounded bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-900 uppercase">
        {t("adminSystem:envManaged")}
      </span>
      {t("adminSystem:envManagedHint", { variables })}
    </p>
  );
}

/**
 * A setting's field: its form `name`, its API `path` (for the error) and its stored `value`.
 * A number is typed as text: the API's errors say what is wrong with it.
 */
export function SettingField(props: {
  name: string;
  path: string;
  label: string;
  value: string | number;
  errors: FieldMessages;
  hint?: string;
  type?: "text" | "email";
}) {
  const numeric = typeof props.value === "number";
  return (
    <TextInput
      label={props.label}
      hint={props.hint}
      error={props.errors[props.path]}
      name={props.name}
      type={props.type ?? "text"}
      {...(numeric ? { inputMode: "numeric" } : { autoComplete: "off" })}
      defaultValue={String(props.value)}
    />
  );
}
