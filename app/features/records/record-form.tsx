/**
 * A form that creates or updates one record through the browser's API client (never through
 * the `pb_auth` cookie): fields described as data, API validation codes shown per field in
 * the interface language, and a redirect to the record's page on success.
 */
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import {
  Select,
  SubmitButton,
  SubmitForm,
  TextArea,
  TextInput,
} from "../../components/ui/form-controls.tsx";
import { fieldErrors } from "../../lib/forms/api-errors.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { useSafeNavigate } from "../../lib/browser/navigation.ts";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { createRecord, updateRecord } from "../../api/records/record-writes.ts";
import { type ApiRecord } from "../../api/records/records.ts";

/** One field of a {@link RecordForm}. */
export interface FieldSpec {
  /** Record field name. */
  name: string;
  label: string;
  hint?: string;
  kind: "text" | "textarea" | "select" | "date" | "datetime" | "tags" | "json";
  required?: boolean;
  /** Choices of a `select`. */
  options?: { value: string; label: string }[];
  /** Initial value as the API returns it. */
  value?: unknown;
}

function initialText(field: FieldSpec): string {
  const value = field.value;
  if (value === undefined || value === null) return "";
  if (field.kind === "tags") return Array.isArray(value) ? value.join(", ") : "";
  if (field.kind === "json") return value === "" ? "" : JSON.stringify(value, null, 2);
  if (typeof value !== "string") return "";
  if (field.kind === "date") return value.slice(0, 10);
  if (field.kind === "datetime") {
    const date = new Date(value.replace(" ", "T"));
    if (Number.isNaN(date.getTime())) return "";
    const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
    return local.toISOString().slice(0, 16);
  }
  return value;
}

/** Splits a comma-separated tag list. */
function parseTags(value: string): string[] {
  return value
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

class JsonFieldError extends Error {
  field: string;
  constructor(field: string) {
    super(`invalid JSON in ${field}`);
    this.field = field;
  }
}

function readValue(field: FieldSpec, raw: string): unknown {
  switch (field.kind) {
    case "tags":
      return parseTags(raw);
    case "date":
      return raw ? `${raw} 00:00:00.000Z` : "";
    case "datetime":
      return raw ? new Date(raw).toISOString().replace("T", " ") : "";
    case "json":
      if (raw.trim() === "") return null;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        throw new JsonFieldError(field.name);
      }
    default:
      return raw;
  }
}

/** Props of {@link RecordForm}. */
export interface RecordFormProps {
  collection: string;
  /** The record to update; a new one is created when absent. */
  recordId?: string;
  fields: FieldSpec[];
  /** Values sent along with the fields (e.g. `author`). */
  extra?: Record<string, unknown>;
  submitLabel: string;
  /** Where to go after saving. */
  redirectTo(record: ApiRecord): string;
}

/** The create/update form. */
export function RecordForm(props: RecordFormProps) {
  const { t } = useAppTranslation();
  // The target is built from API data: checked before going there (design §6).
  const navigate = useSafeNavigate();
  const notify = useNotify();
  const form = useFormSubmit({
    fieldErrors: (failure, t) =>
      failure instanceof JsonFieldError
        ? { [failure.field]: t("errors:validation.validation_invalid_value") }
        : fieldErrors(failure, t),
    failed: t("records:form.failed"),
  });
  const errors = form.fieldErrors;

  const handleSubmit = form.submit(async (data) => {
    const body: Record<string, unknown> = { ...props.extra };
    for (const field of props.fields) {
      body[field.name] = readValue(field, formText(data, field.name));
    }
    const api = getBrowserClient();
    const saved = props.recordId
      ? await updateRecord(api, props.collection, props.recordId, body)
      : await createRecord(api, props.collection, body);
    notify.success(
      props.recordId ? t("shell:notifications.saved") : t("shell:notifications.created"),
    );
    await navigate(props.redirectTo(saved));
  });

  return (
    <SubmitForm onSubmit={handleSubmit} card outcome={form}>
      {props.fields.map((field) => {
        const common = {
          label: field.label,
          hint: field.hint,
          error: errors[field.name],
          name: field.name,
          required: field.required,
          defaultValue: initialText(field),
        };
        if (field.kind === "textarea" || field.kind === "json")
          return <TextArea key={field.name} {...common} rows={field.kind === "json" ? 6 : 12} />;
        if (field.kind === "select")
          return (
            <Select key={field.name} {...common}>
              {(field.options ?? []).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          );
        const type =
          field.kind === "date" ? "date" : field.kind === "datetime" ? "datetime-local" : "text";
        return <TextInput key={field.name} {...common} type={type} />;
      })}
      <SubmitButton busy={form.busy} busyLabel={t("common:actions.saving")}>
        {props.submitLabel}
      </SubmitButton>
    </SubmitForm>
  );
}
