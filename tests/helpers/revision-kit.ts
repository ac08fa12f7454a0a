/**
 * Helpers of the revision history tests (ADR 041): record writes through the API with a
 * revision marker, and a record's history as a superuser sees it.
 */
import type { RecordData } from "#server/core/records/request-info.ts";
import type { TestApp } from "./test-app.ts";

/** A revision as the API returns it. */
export interface RevisionView {
  id: string;
  record: string;
  recordCollection: string;
  author: string;
  kind: string;
  version: number;
  title: string;
  content: string;
  data: RecordData;
  created: string;
  updated: string;
}

/** Sends a JSON request; answers the status and the parsed body. */
export async function call(
  app: TestApp,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  token?: string,
  body?: object,
): Promise<{ status: number; json: RecordData }> {
  const res = await app.http.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(body ? { payload: body } : {}),
  });
  return { status: res.statusCode, json: res.body ? (JSON.parse(res.body) as RecordData) : {} };
}

/**
 * Updates a record through the API, with `?revision=<marker>` when a marker is given;
 * throws unless the update succeeds.
 */
export async function patchRecord(
  app: TestApp,
  token: string,
  collection: string,
  id: string,
  body: object,
  marker?: string,
): Promise<RecordData> {
  const query = marker ? `?revision=${marker}` : "";
  const res = await call(
    app,
    "PATCH",
    `/api/collections/${collection}/records/${id}${query}`,
    token,
    body,
  );
  if (res.status !== 200)
    throw new Error(`update failed (${res.status}): ${JSON.stringify(res.json)}`);
  return res.json;
}

/** A record's revisions, oldest first, as the superuser `token` lists them. */
export async function historyOf(app: TestApp, token: string, id: string): Promise<RevisionView[]> {
  const filter = encodeURIComponent(`record = "${id}"`);
  const res = await call(
    app,
    "GET",
    `/api/collections/revisions/records?perPage=200&sort=version&filter=${filter}`,
    token,
  );
  if (res.status !== 200) throw new Error(`list failed (${res.status})`);
  return res.json.items as RevisionView[];
}

/** The kinds of a history, oldest first. */
export const kindsOf = (history: readonly RevisionView[]): string[] => history.map((r) => r.kind);
