/** One (`maxSelect` 1) or several values from a fixed list (PocketBase's `field_select.go`). */
import { fieldError } from "../../errors.ts";
import type { FieldBase, FieldType } from "./field-type.ts";
import { oneOrListValues } from "./list-values.ts";
import { withBlank } from "./scalar-values.ts";

/** One (`maxSelect` 1) or several values from a fixed list. */
export interface SelectField extends FieldBase {
  type: "select";
  values: readonly string[];
  maxSelect: number;
  default?: string;
}

/** The select type. */
export const selectType: FieldType<SelectField> = {
  ...oneOrListValues,
  type: "select",
  validate(field, value) {
    const list = field.maxSelect > 1 ? (value as string[]) : [value as string];
    for (const v of list) {
      if (!field.values.includes(v))
        return fieldError("validation_invalid_value", "Invalid value {value}.", { value: v });
    }
    if (list.length > field.maxSelect) {
      return fieldError("validation_too_many_values", "Select no more than {maxSelect}.", {
        maxSelect: field.maxSelect,
      });
    }
    return undefined;
  },
  // Every allowed value (alone, for a list).
  samples: (field) =>
    field.maxSelect > 1
      ? withBlank(
          field,
          [],
          field.values.map((v) => [v]),
        )
      : withBlank(field, "", [...field.values]),
};
