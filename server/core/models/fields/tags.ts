/** A free-form list of short strings, each trimmed; serialised like a multiple select. */
import { fieldError } from "../../errors.ts";
import { runeLength, type FieldBase, type FieldType } from "./field-type.ts";
import { listValues, normaliseList } from "./list-values.ts";

/** Free-form list of short strings (tags); serialised like a multiple select. */
export interface TagsField extends FieldBase {
  type: "tags";
  maxSelect: number;
  /** Max length of one tag. */
  maxLength: number;
}

/** The tags type. */
export const tagsType: FieldType<TagsField> = {
  ...listValues,
  type: "tags",
  normalise: (_field, raw) => normaliseList(raw, true),
  validate(field, value) {
    const list = value as string[];
    if (list.length > field.maxSelect) {
      return fieldError("validation_too_many_values", "Select no more than {maxSelect}.", {
        maxSelect: field.maxSelect,
      });
    }
    for (const tag of list) {
      if (runeLength(tag) > field.maxLength) {
        return fieldError(
          "validation_max_text_constraint",
          "Must be no more than {max} character(s).",
          { max: field.maxLength },
        );
      }
    }
    return undefined;
  },
};
