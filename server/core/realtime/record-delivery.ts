/**
 * Builds the realtime messages of one committed record change, per client: every matching
 * subscription is re-authorised with the collection's rule (list rule for `c/*` and the legacy
 * `c`, view rule for `c/{id}`) and the subscription's own `filter`, under the client's auth,
 * then presented by the same code as the REST answer (`RecordService.present`, then the
 * `fields` picker and the JSON encoder the HTTP layer installs), so a realtime record is
 * byte-equal to what a `GET` by the same viewer returns (B25).
 *
 * Creates and updates are checked against the row as it is now; deletes against the row as it
 * was (the change's snapshot), evaluated as a virtual row since it is gone by then. A create
 * whose record was deleted before its turn came (delivery runs behind the writes on a busy
 * server) is checked and sent from the row as written, so every subscriber sees the create
 * before the delete that follows it. An update
 * a viewer may no longer see, but could see before it (the change's `previous` row), reaches
 * that viewer as a `delete` of the previous version (ADR 029; PocketBase sends nothing), so a
 * page showing it can drop it.
 */
import { sql } from "kysely";
import {
  MAIN_ALIAS,
  rowMatches,
  virtualRowMatches,
  type Row,
} from "../../data/repositories/record-repository.ts";
import { parseFilterCached } from "../../tools/filter/index.ts";
import type { Condition } from "../../tools/search/index.ts";
import type { Collection } from "../models/collection.ts";
import type { RecordChange } from "../records/record-events.ts";
import { RecordFieldResolver } from "../records/record-field-resolver.ts";
import type { RecordService } from "../records/record-service.ts";
import type { AuthInfo, RecordData, RequestInfo } from "../records/request-info.ts";
import { toStoredValue, toWireValue } from "../records/values.ts";
import type { RealtimeClient } from "./realtime-client.ts";
import {
  matchesPrefix,
  optionsKey,
  type SubscriptionOptions,
} from "../../tools/subscriptions/subscriptions.ts";

/** How records become JSON on the wire; the HTTP layer installs the REST encoder. */
export interface RecordEncoder {
  /** JSON text of a payload, exactly as REST bodies are encoded (without a trailing newline). */
  json(payload: unknown): string;
  /** Applies a `fields` parameter to a presented record, as REST does. */
  pick(record: RecordData, fields: string): unknown;
}

/** Plain JSON, no picking (until the HTTP layer installs the REST encoder). */
export const PLAIN_ENCODER: RecordEncoder = {
  json: (payload) => JSON.stringify(payload),
  pick: (record) => record,
};

/** One message for one client. */
export interface RealtimeMessage {
  client: RealtimeClient;
  /** The subscription exactly as submitted (the SSE event name). */
  name: string;
  /** `{"record":…,"action":…}`. */
  data: string;
}

type RuleName = "listRule" | "viewRule";

/** The subscription prefixes a change of `collection`/`id` matches, with the rule of each. */
function topicPrefixes(collection: Collection, id: string): [string, RuleName][] {
  return [
    [`${collection.name}/${id}?`, "viewRule"],
    [`${collection.id}/${id}?`, "viewRule"],
    [`${collection.name}/*?`, "listRule"],
    [`${collection.id}/*?`, "listRule"],
    // Deprecated in PocketBase, still honoured: the bare collection means `c/*`.
    [`${collection.name}?`, "listRule"],
    [`${collection.id}?`, "listRule"],
  ];
}

function authKey(auth: AuthInfo | null): string {
  return auth ? `${auth.collection.id}:${String(auth.record.id)}` : "";
}

/** Authorises and presents record changes for realtime clients. */
export class RecordDelivery {
  private readonly records: RecordService;
  /** The encoder of record JSON (replaced by the HTTP layer with the REST one). */
  encoder: RecordEncoder = PLAIN_ENCODER;
  private readonly onError: (error: unknown, message: string) => void;

  constructor(records: RecordService, onError: (error: unknown, message: string) => void) {
    this.records = records;
    this.onError = onError;
  }

  /**
   * The messages of one change for these clients, in client order. Subscribers with the same
   * auth and options share one authorisation and one encoded payload.
   */
  async messages(
    change: RecordChange,
    clients: Iterable<RealtimeClient>,
  ): Promise<RealtimeMessage[]> {
    const { collection, id, action } = change;
    const prefixes = topicPrefixes(collection, id);
    let row: Promise<{ row: Row; snapshot: boolean } | undefined> | null = null;
    const loadRow = (): Promise<{ row: Row; snapshot: boolean } | undefined> =>
      (row ??=
        action === "delete"
          ? Promise.resolve(change.record && { row: change.record, snapshot: true })
          : this.records.findById(collection, id).then((current) => {
              if (current) return { row: current, snapshot: false };
              const created = change.created;
              if (!created) return undefined;
              const stored: Row = {};
              for (const field of collection.fields)
                stored[field.name] = toStoredValue(field, created[field.name]);
              return { row: stored, snapshot: true };
            }));
    // Distinct (auth, rule, options) triples are authorised and encoded once, concurrently.
    const payloads = new Map<string, Promise<string | null>>();
    const wanted: { client: RealtimeClient; name: string; payload: Promise<string | null> }[] = [];
    for (const client of clients) {
      if (client.closed || client.subscriptions.size === 0) continue;
      const auth = client.auth;
      for (const [name, options] of client.subscriptions) {
        const rule = prefixes.find(([prefix]) => matchesPrefix(name, prefix))?.[1];
        if (!rule) continue;
        const key = `${authKey(auth)}\n${rule}\n${optionsKey(options)}`;
        let payload = payloads.get(key);
        if (!payload) {
          payload = loadRow()
            .then(async (loaded) => {
              if (!loaded) return null;
              const { row: current, snapshot } = loaded;
              const data = await this.payload(
                collection,
                current,
                action,
                auth,
                rule,
                options,
                snapshot,
              );
              // An update that hides the record from a viewer who could see it before reaches
              // them as a delete of the version they saw (ADR 029).
              if (data === null && action === "update" && change.previous)
                return this.payload(
                  collection,
                  change.previous,
                  "delete",
                  auth,
                  rule,
                  options,
                  true,
                );
              return data;
            })
            .catch((error: unknown) => {
              this.onError(error, "realtime: a record event could not be prepared");
              return null;
            });
          payloads.set(key, payload);
        }
        wanted.push({ client, name, payload });
      }
    }
    const out: RealtimeMessage[] = [];
    for (const w of wanted) {
      const data = await w.payload;
      if (data !== null) out.push({ client: w.client, name: w.name, data });
    }
    return out;
  }

  /**
   * `{"record":…,"action":…}` for one viewer, or null when the viewer may not see the record.
   * A `snapshot` row is no longer stored as it is: rules and filters see it as a virtual row.
   */
  private async payload(
    collection: Collection,
    row: Row,
    action: RecordChange["action"],
    auth: AuthInfo | null,
    rule: RuleName,
    options: SubscriptionOptions,
    snapshot: boolean,
  ): Promise<string | null> {
    const request: RequestInfo = {
      auth,
      method: "GET",
      context: "realtime",
      headers: options.headers,
      query: options.query,
      body: undefined,
    };
    const superuser = auth?.isSuperuser === true;
    const id = String(row.id);
    if (!superuser) {
      const expression = collection[rule];
      if (expression === null) return null;
      if (expression !== "") {
        const condition = this.records.ruleCondition(collection, expression, request);
        if (!(await this.matches(collection, row, id, snapshot, condition))) return null;
      }
    }
    const filter = options.query.filter;
    if (filter) {
      // As PocketBase: only superusers may filter by `@collection.*` / `@request.*`.
      if (!superuser && /@collection\.|@request\./.test(filter)) return null;
      let condition: Condition;
      try {
        const node = parseFilterCached(filter);
        condition = node
          ? new RecordFieldResolver(collection, MAIN_ALIAS, this.records.db.dialect, request, {
              kind: "clientFilter",
              superuser,
            }).condition(node)
          : true;
      } catch {
        // A filter that does not parse or resolve matches nothing.
        return null;
      }
      try {
        if (!(await this.matches(collection, row, id, snapshot, condition))) return null;
      } catch {
        // Type errors from hostile filters are the subscriber's problem, not an event failure.
        return null;
      }
    }
    const [presented] = await this.records.present(
      collection,
      [row],
      request,
      options.query.expand,
    );
    if (!presented) return null;
    const fields = options.query.fields;
    const record = fields !== undefined ? this.encoder.pick(presented, fields) : presented;
    return `{"record":${this.encoder.json(record)},"action":"${action}"}`;
  }

  private async matches(
    collection: Collection,
    row: Row,
    id: string,
    snapshot: boolean,
    condition: Condition,
  ): Promise<boolean> {
    if (condition === true) return true;
    if (condition === false) return false;
    const db = this.records.db;
    if (!snapshot) return rowMatches(db.kysely, collection, id, condition);
    const columns = collection.fields.map((field) => ({
      name: field.name,
      value: db.dialect.castParam(
        field,
        sql`${toStoredValue(field, toWireValue(field, row[field.name]))}`,
      ),
    }));
    return virtualRowMatches(db.kysely, columns, condition);
  }
}
