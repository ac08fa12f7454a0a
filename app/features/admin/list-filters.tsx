/**
 * The search and filter bar of the admin lists: a GET form, so it works without JavaScript,
 * every choice lands in the URL (shareable, survives a reload), and a new search starts at
 * page 1. With JavaScript, React Router's `<Form>` makes it a client-side navigation.
 */
import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormField, inputClass } from "../../components/ui/form-field.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { SortDirection } from "./list-query.ts";

/** One choice of a {@link SelectFilter}. */
export interface FilterOption {
  value: string;
  label: string;
}

/** A labelled `<select>` of the filter bar. */
export function SelectFilter(props: {
  name: string;
  label: string;
  value: string;
  options: FilterOption[];
}) {
  return (
    <FormField label={props.label}>
      {({ id }) => (
        <select id={id} name={props.name} defaultValue={props.value} className={inputClass}>
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A labelled text input of the filter bar. */
export function TextFilter(props: {
  name: string;
  label: string;
  hint?: string;
  value: string;
  type?: "search" | "text";
  maxLength?: number;
}) {
  return (
    <FormField label={props.label} hint={props.hint}>
      {({ id, describedBy }) => (
        <input
          id={id}
          name={props.name}
          type={props.type ?? "text"}
          defaultValue={props.value}
          maxLength={props.maxLength}
          aria-describedby={describedBy}
          className={inputClass}
        />
      )}
    </FormField>
  );
}

/** The filter bar: `children` are the list's own fields, then sort, order and the buttons. */
export function ListFilters(props: {
  /** Search text. */
  q: string;
  searchHint: string;
  sort: string;
  sortOptions: FilterOption[];
  dir: SortDirection;
  children?: ReactNode;
}) {
  const { t } = useAppTranslation();
  const location = useLocation();
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("admin:list.filtersLabel")}
      // Fresh default values after each navigation (back, reset, a shared link).
      key={location.search}
      className="mb-6 grid gap-4 rounded border border-stone-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <TextFilter
        name="q"
        type="search"
        label={t("admin:list.search")}
        hint={props.searchHint}
        value={props.q}
        maxLength={100}
      />
      {props.children}
      <SelectFilter
        name="sort"
        label={t("admin:list.sort")}
        value={props.sort}
        options={props.sortOptions}
      />
      <SelectFilter
        name="dir"
        label={t("admin:list.direction")}
        value={props.dir}
        options={[
          { value: "asc", label: t("admin:list.asc") },
          { value: "desc", label: t("admin:list.desc") },
        ]}
      />
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-3">
        <button type="submit" className={buttonClass.primary}>
          {t("admin:list.apply")}
        </button>
        <Link to={location.pathname} className={buttonClass.secondary}>
          {t("admin:list.reset")}
        </Link>
      </div>
    </Form>
  );
}

/** "N results", announced politely when it changes. */
export function ResultCount({ count }: { count: number }) {
  const { t } = useAppTranslation();
  return (
    <p role="status" className="mb-3 text-sm text-stone-700">
      {t("admin:list.count", { count })}
    </p>
  );
}
