/**
 * Records as a viewer sees them (PocketBase's `EnrichRecords`): exported fields, the email of
 * an auth record only where visible, and `expand` resolved under the related collections'
 * rules, up to {@link MAX_EXPAND_DEPTH} levels.
 */
import {
  findReferencing,
  findRowsByIds,
  type Row,
} from "../../data/repositories/record-repository.ts";
import { findCollection } from "../collections/collection-lookup.ts";
import { findField, isMultiValue, type Collection, type Field } from "../models/collection.ts";
import { exportRecord, sortKeys } from "./record-export.ts";
import { isSuperuser, type RecordQuery } from "./record-query.ts";
import type { RecordData, RequestInfo } from "./request-info.ts";
import { emptyValue } from "./values.ts";

/** Max nested levels of `expand` (PocketBase's limit). */
export const MAX_EXPAND_DEPTH = 6;
/** Max records fetched for one back-relation expand. */
const MAX_BACK_RELATION_EXPAND = 1000;

/** Groups `a.b,a.c,d` into `a → [b, c]`, `d → []`. */
function expandGroups(expand: string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const path of expand
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [head, ...rest] = path.split(".");
    if (!head) continue;
    const list = groups.get(head) ?? [];
    if (rest.length) list.push(rest.join("."));
    groups.set(head, list);
  }
  return groups;
}

function relationIds(records: RecordData[], key: string): string[] {
  const ids = records.flatMap((r) =>
    Array.isArray(r[key]) ? (r[key] as string[]) : r[key] ? [r[key] as string] : [],
  );
  return [...new Set(ids)];
}

/** Presents rows for a viewer, reading related records through a {@link RecordQuery}. */
export class RecordExpander {
  private readonly query: RecordQuery;

  constructor(query: RecordQuery) {
    this.query = query;
  }

  /**
   * Serialises rows for the wire: sorted keys, hidden fields dropped, email only where
   * visible, `expand` resolved under the related collections' view rules.
   */
  async present(
    collection: Collection,
    rows: Row[],
    request: RequestInfo,
    expand?: string,
    depth = 0,
  ): Promise<RecordData[]> {
    const superuser = isSuperuser(request);
    const managed = await this.query.managedIds(collection, rows, request);
    const shown = superuser ? [] : await this.shownTo(collection, rows, request);
    const records = rows.map((row) => {
      const out = exportRecord(collection, row, superuser);
      if (collection.type === "auth" && !superuser) {
        const self =
          request.auth?.collection.id === collection.id && request.auth.record.id === row.id;
        if (!out.emailVisibility && !self && !managed.has(String(row.id))) delete out.email;
      }
      for (const { field, ids } of shown)
        if (!ids.has(String(row.id))) out[field.name] = emptyValue(field);
      return out;
    });
    if (expand && depth < MAX_EXPAND_DEPTH) {
      await this.expand(collection, records, expand, request, depth);
      // `expand` joined last: move it to its sorted place.
      return records.map(sortKeys);
    }
    return records;
  }

  /** For each field shown only to some (`shownTo`), the rows whose value the request sees. */
  private async shownTo(
    collection: Collection,
    rows: Row[],
    request: RequestInfo,
  ): Promise<{ field: Field; ids: Set<string> }[]> {
    const out: { field: Field; ids: Set<string> }[] = [];
    for (const field of collection.fields) {
      if (field.shownTo === undefined) continue;
      out.push({
        field,
        ids: await this.query.matchingIds(collection, rows, request, field.shownTo),
      });
    }
    return out;
  }

  private async expand(
    collection: Collection,
    records: RecordData[],
    expand: string,
    request: RequestInfo,
    depth: number,
  ): Promise<void> {
    for (const record of records) record.expand ??= {};
    const expandRequest: RequestInfo = { ...request, context: "expand" };
    for (const [head, subPaths] of expandGroups(expand)) {
      const sub = subPaths.length ? subPaths.join(",") : undefined;
      const field = findField(collection, head);
      if (field?.type === "relation") {
        const target = findCollection(field.collectionId);
        if (!target) continue;
        const ids = relationIds(records, head);
        const rows = await this.query.visibleRows(target, ids, expandRequest);
        const presented = await this.present(target, rows, request, sub, depth + 1);
        const byId = new Map(presented.map((p) => [p.id as string, p]));
        for (const record of records) {
          const exp = record.expand as RecordData;
          if (isMultiValue(field)) {
            const list = (record[head] as string[]).map((id) => byId.get(id)).filter(Boolean);
            if (list.length) exp[head] = list;
          } else if (record[head] && byId.has(record[head] as string)) {
            exp[head] = byId.get(record[head] as string);
          }
        }
        continue;
      }
      await this.expandBack(collection, records, head, sub, request, expandRequest, depth);
    }
  }

  /** A back-relation `<collection>_via_<field>`: the visible records pointing at each record. */
  private async expandBack(
    collection: Collection,
    records: RecordData[],
    head: string,
    sub: string | undefined,
    request: RequestInfo,
    expandRequest: RequestInfo,
    depth: number,
  ): Promise<void> {
    const via = /^(\w+)_via_(\w+)$/.exec(head);
    const target = via ? findCollection(via[1] as string) : undefined;
    const relField = target && via ? findField(target, via[2] as string) : undefined;
    if (!target || relField?.type !== "relation" || relField.collectionId !== collection.id) return;
    const { kysely, dialect } = this.query.db;
    for (const record of records) {
      const id = String(record.id);
      const rows = await findReferencing(
        kysely,
        dialect,
        target,
        relField.name,
        id,
        isMultiValue(relField),
      );
      const ids = rows.slice(0, MAX_BACK_RELATION_EXPAND).map((r) => String(r.id));
      const visible = await this.query.visibleRows(target, ids, expandRequest, true);
      if (visible.length)
        (record.expand as RecordData)[head] = await this.present(
          target,
          visible,
          request,
          sub,
          depth + 1,
        );
    }
  }

  /** Presents the stored record `id` as it is now (after a write). */
  async presentById(
    collection: Collection,
    id: string,
    request: RequestInfo,
    expand?: string,
  ): Promise<RecordData> {
    const [row] = await findRowsByIds(this.query.db.kysely, collection, [id]);
    const [record] = await this.present(collection, [row as Row], request, expand);
    return record as RecordData;
  }
}
