/** A date-time the server sets on create and/or update (PocketBase's `field_autodate.go`). */
import type { FieldBase, FieldType } from "./field-type.ts";
import { normaliseDate, PAST_SAMPLE } from "./date.ts";
import { scalarValues } from "./scalar-values.ts";

/** A date-time set by the server on create and/or update. */
export interface AutodateField extends FieldBase {
  type: "autodate";
  onCreate: boolean;
  onUpdate: boolean;
}

/** The autodate type. */
export const autodateType: FieldType<AutodateField> = {
  ...scalarValues,
  type: "autodate",
  serverManaged: true,
  normalise: (_field, raw) => normaliseDate(raw),
  // Set when the record was written: always in the past.
  samples: () => [PAST_SAMPLE],
};
