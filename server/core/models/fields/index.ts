/**
 * The field-type registry (ADR 058): every type's module, and the lookup the records core,
 * the filter resolver and the SQL dialects use instead of switching on `field.type`.
 *
 * To add a field type: write its module beside these (its options interface and an object
 * implementing {@link FieldType}), then list it in {@link FIELD_TYPES}. The `Field` union
 * follows from the list.
 */
import { autodateType } from "./autodate.ts";
import { boolType } from "./bool.ts";
import { dateType } from "./date.ts";
import { emailType } from "./email.ts";
import type { FieldOf, FieldType } from "./field-type.ts";
import { fileType } from "./file.ts";
import { jsonType } from "./json.ts";
import { numberType } from "./number.ts";
import { passwordType } from "./password.ts";
import { relationType } from "./relation.ts";
import { selectType } from "./select.ts";
import { tagsType } from "./tags.ts";
import { textType } from "./text.ts";

export type * from "./field-type.ts";
export type { AutodateField } from "./autodate.ts";
export type { BoolField } from "./bool.ts";
export type { DateField } from "./date.ts";
export type { EmailField } from "./email.ts";
export type { FileField } from "./file.ts";
export type { JsonField } from "./json.ts";
export type { NumberField } from "./number.ts";
export type { PasswordField } from "./password.ts";
export type { RelationField } from "./relation.ts";
export type { SelectField } from "./select.ts";
export type { TagsField } from "./tags.ts";
export type { TextField } from "./text.ts";

/** Every field type. */
export const FIELD_TYPES = [
  textType,
  emailType,
  boolType,
  numberType,
  passwordType,
  selectType,
  tagsType,
  relationType,
  fileType,
  jsonType,
  dateType,
  autodateType,
] as const;

/** Any field of the registry: the options of one of {@link FIELD_TYPES}. */
export type Field = FieldOf<(typeof FIELD_TYPES)[number]>;

/** A field type name. */
export type FieldTypeName = Field["type"];

const BY_NAME: ReadonlyMap<string, FieldType<Field>> = new Map(
  FIELD_TYPES.map((type): [string, FieldType<Field>] => [type.type, type as FieldType<Field>]),
);

/** The module of a field's type. Throws for a type no module implements. */
export function fieldType<F extends Field>(field: F): FieldType<F> {
  const type = BY_NAME.get(field.type);
  if (!type) throw new Error(`No field type "${field.type}" (field ${field.name})`);
  return type as FieldType<F>;
}
