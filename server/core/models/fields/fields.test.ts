import { describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../../data/registry/collections.ts";
import type { Field } from "../collection.ts";
import { FIELD_TYPES, fieldType } from "./index.ts";

const text: Field = { name: "title", type: "text", max: 5 };
const tags: Field = { name: "tags", type: "tags", maxSelect: 2, maxLength: 3 };
const oneOf: Field = { name: "status", type: "select", values: ["a", "b"], maxSelect: 1 };
const manyOf: Field = { name: "kinds", type: "select", values: ["a", "b"], maxSelect: 2 };
const number: Field = { name: "count", type: "number" };
const bool: Field = { name: "done", type: "bool" };
const json: Field = { name: "data", type: "json", maxSize: 10 };

describe("the field-type registry", () => {
  it("has one module per type name", () => {
    const names = FIELD_TYPES.map((type) => type.type);
    expect(new Set(names).size).toBe(names.length);
  });

  it("finds the module of every field of every collection", () => {
    for (const collection of COLLECTIONS)
      for (const field of collection.fields) expect(fieldType(field).type).toBe(field.type);
  });

  it("refuses a type no module implements", () => {
    expect(() => fieldType({ name: "x", type: "geo" } as unknown as Field)).toThrow(
      'No field type "geo" (field x)',
    );
  });
});

describe("field type modules", () => {
  it("read submitted values into each type's form", () => {
    expect(fieldType(bool).normalise(bool, " Yes ")).toEqual({ value: true });
    expect(fieldType(number).normalise(number, "2.5")).toEqual({ value: 2.5 });
    expect(fieldType(number).normalise(number, "x")).toMatchObject({
      error: { code: "validation_not_a_number" },
    });
    expect(fieldType(tags).normalise(tags, [" a ", "a", "", 1])).toEqual({ value: ["a", "1"] });
    expect(fieldType(json).normalise(json, '{"a":1}')).toEqual({ value: { a: 1 } });
  });

  it("keep the last of a list for one-value selects and refuse a list for text", () => {
    expect(fieldType(oneOf).normalise(oneOf, ["a", "b"])).toEqual({ value: "b" });
    expect(fieldType(text).normalise(text, ["a", "b"])).toMatchObject({
      error: { code: "validation_invalid_value" },
    });
  });

  it("apply the modifiers their type takes", () => {
    expect(fieldType(number).modify?.(number, 5, { append: 2, remove: "1" })).toEqual({
      value: 6,
    });
    expect(fieldType(manyOf).modify?.(manyOf, ["a"], { prepend: "b", remove: "a" })).toEqual({
      value: ["b"],
    });
    expect(fieldType(oneOf).modify?.(oneOf, "a", { append: ["b"] })).toEqual({ value: "b" });
    expect("modify" in fieldType(bool)).toBe(false);
  });

  it("validate their own constraints", () => {
    expect(fieldType(text).validate(text, "abcdef")).toMatchObject({
      code: "validation_max_text_constraint",
    });
    expect(fieldType(oneOf).validate(oneOf, "c")).toMatchObject({
      code: "validation_invalid_value",
    });
    expect(fieldType(tags).validate(tags, ["a", "b", "c"])).toMatchObject({
      code: "validation_too_many_values",
    });
    expect(fieldType(json).validate(json, { long: "value" })).toMatchObject({
      code: "validation_json_size_limit",
    });
  });

  it("store and return values as PocketBase does", () => {
    expect(fieldType(bool).toStored(bool, true)).toBe(1);
    expect(fieldType(bool).toWire(bool, 1)).toBe(true);
    expect(fieldType(manyOf).toStored(manyOf, ["a"])).toBe('["a"]');
    expect(fieldType(manyOf).toWire(manyOf, '["a"]')).toEqual(["a"]);
    expect(fieldType(json).toStored(json, null)).toBeNull();
    expect(fieldType(number).toWire(number, null)).toBe(0);
  });

  it("name a column class for each field", () => {
    expect(fieldType(text).column(text)).toBe("text");
    const id: Field = { name: "id", type: "text", primaryKey: true };
    expect(fieldType(id).column(id)).toBe("primaryKey");
    expect(fieldType(oneOf).column(oneOf)).toBe("text");
    expect(fieldType(manyOf).column(manyOf)).toBe("list");
    expect(fieldType(bool).column(bool)).toBe("bool");
    expect(fieldType(json).column(json)).toBe("json");
  });

  it("give samples that their own validation accepts", () => {
    for (const collection of COLLECTIONS)
      for (const field of collection.fields) {
        const type = fieldType(field);
        for (const sample of type.samples(field)) {
          if (type.isEmpty(field, sample)) expect(field.required ?? false).toBe(false);
          else expect(type.validate(field, sample)).toBeUndefined();
        }
      }
  });
});
