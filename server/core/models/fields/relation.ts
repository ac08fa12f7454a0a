/**
 * References to records of another collection (PocketBase's `field_relation.go`): the ids,
 * one or a list by `maxSelect`. Expansion, cascades and the filter's relation paths are the
 * records core's (`record-expand.ts`, `record-write.ts`, `record-field-resolver.ts`).
 */
import { fieldError } from "../../errors.ts";
import type { FieldBase, FieldType } from "./field-type.ts";
import { oneOrListValues } from "./list-values.ts";
import { withBlank } from "./scalar-values.ts";

/** Reference to records of another collection. */
export interface RelationField extends FieldBase {
  type: "relation";
  collectionId: string;
  maxSelect: number;
  /** Delete this record when the referenced record is deleted (else the reference is cleared). */
  cascadeDelete: boolean;
  /**
   * A single relation to its own collection that a lifecycle hook keeps in step both ways (a
   * post's translation names the post back): a record restored from Recently deleted drops
   * the link when the other end no longer names it (ADR 067).
   */
  mirrored?: boolean;
}

/** The id of a record no sample request is (samples of relations point at it). */
export const RELATED_SAMPLE_ID = "sampleowner0000";

/** The relation type. */
export const relationType: FieldType<RelationField> = {
  ...oneOrListValues,
  type: "relation",
  validate(field, value) {
    const list = field.maxSelect > 1 ? (value as string[]) : [value as string];
    if (list.length > field.maxSelect) {
      return fieldError("validation_too_many_values", "Select no more than {maxSelect}.", {
        maxSelect: field.maxSelect,
      });
    }
    return undefined;
  },
  samples: (field) =>
    field.maxSelect > 1
      ? withBlank(field, [], [[RELATED_SAMPLE_ID]])
      : withBlank(field, "", [RELATED_SAMPLE_ID]),
};
