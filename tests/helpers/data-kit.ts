/**
 * Helpers of the export and import tests (ADR 044): an account filled through the API (a
 * collection, entries of every visibility with attachments linked from their text, a post
 * with a cover, an avatar), `GET /api/export` read back as files, and `POST /api/import`.
 */
import { unzipSync } from "fflate";
import type { RecordData } from "#server/core/records/request-info.ts";
import { image, multipartBody, type Part } from "./file-fixtures.ts";
import type { TestApp } from "./test-app.ts";

/** An account of a test: its record and token. */
export interface Account {
  record: RecordData;
  token: string;
}

/** Sends a record create or update with JSON fields and file parts; throws unless 200. */
export async function writeRecord(
  app: TestApp,
  token: string,
  collection: string,
  fields: RecordData,
  files: { field: string; name: string; data: Uint8Array }[] = [],
  id?: string,
): Promise<RecordData> {
  const parts: Part[] = [
    { name: "@jsonPayload", value: JSON.stringify(fields) },
    ...files.map((f) => ({ name: f.field, filename: f.name, data: f.data })),
  ];
  const { body, headers } = multipartBody(parts);
  const res = await app.http.inject({
    method: id ? "PATCH" : "POST",
    url: `/api/collections/${collection}/records${id ? `/${id}` : ""}`,
    headers: { ...headers, authorization: token },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`${collection} write failed: ${res.body}`);
  return res.json<RecordData>();
}

/** What {@link seedJournal} created. */
export interface SeededJournal {
  collection: RecordData;
  privateEntry: RecordData;
  publicEntry: RecordData;
  unlistedEntry: RecordData;
  post: RecordData | null;
  /** The bytes of each uploaded file, by its stored name. */
  files: Map<string, Uint8Array>;
}

/**
 * Fills an account through the API: a collection "Carnet de voyage", a private entry with two
 * attachments (one shown in its text), a public one, an unlisted one in the collection, an
 * avatar, and (for writers) a published post with a cover, an image its text shows, and tags.
 */
export async function seedJournal(
  app: TestApp,
  account: Account,
  options: { post?: boolean; marker?: string } = {},
): Promise<SeededJournal> {
  const marker = options.marker ?? "";
  const files = new Map<string, Uint8Array>();
  const remember = (record: RecordData, field: string, data: Uint8Array[]) => {
    const names = record[field];
    const list = Array.isArray(names) ? names : [names];
    list.forEach((name, index) => {
      if (typeof name === "string" && data[index]) files.set(name, data[index]);
    });
  };
  const token = account.token;
  const userId = String(account.record.id);
  const avatar = await image("png", 24, 24, "#336699");
  const user = await writeRecord(
    app,
    token,
    "users",
    { name: "Alice Martin", bio: "Écrit." },
    [{ field: "avatar", name: "me.png", data: avatar }],
    userId,
  );
  remember(user, "avatar", [avatar]);

  const collection = await writeRecord(app, token, "collections", {
    owner: userId,
    title: `Carnet de voyage${marker}`,
    description: "Notes from **the road**.",
    visibility: "public",
  });
  const photo = await image("jpeg", 32, 16, "#aa5500");
  const notes = new TextEncoder().encode(`Packing list${marker}\n- boots\n`);
  let privateEntry = await writeRecord(
    app,
    token,
    "entries",
    {
      author: userId,
      title: `Secret garden${marker}`,
      visibility: "private",
      tags: ["garden", "Été"],
      date: "2024-05-06 07:08:09.000Z",
      content: "draft",
    },
    [
      { field: "attachments", name: "Photo One.jpg", data: photo },
      { field: "attachments", name: "notes.txt", data: notes },
    ],
  );
  remember(privateEntry, "attachments", [photo, notes]);
  const [photoName] = privateEntry.attachments as [string];
  privateEntry = await writeRecord(
    app,
    token,
    "entries",
    {
      content: `Roses *everywhere*${marker}.\n\n![the gate](/api/files/entries/${String(privateEntry.id)}/${photoName}?thumb=400x0)\n`,
    },
    [],
    String(privateEntry.id),
  );
  const publicEntry = await writeRecord(app, token, "entries", {
    author: userId,
    title: `Open letter${marker}`,
    visibility: "public",
    tags: [],
    date: "2023-01-02 00:00:00.000Z",
    content: `Dear reader${marker},\n\n> quoted\n`,
  });
  const unlistedEntry = await writeRecord(app, token, "entries", {
    author: userId,
    title: `Day one at sea${marker}`,
    visibility: "unlisted",
    collection: String(collection.id),
    tags: ["sea"],
    date: "2024-07-01 12:00:00.000Z",
    content: `Waves${marker}.`,
  });
  let post: RecordData | null = null;
  if (options.post) {
    const cover = await image("png", 40, 21, "#118844");
    const seedling = await image("png", 30, 20, "#448811");
    post = await writeRecord(
      app,
      token,
      "posts",
      {
        author: userId,
        title: `Spring notes${marker}`,
        excerpt: "What grew.",
        content: `# Growth${marker}\n\nTomatoes.`,
        tags: ["garden"],
        status: "published",
        publishedAt: "2024-04-01 09:00:00.000Z",
        lang: "en",
      },
      [
        { field: "cover", name: "cover.png", data: cover },
        { field: "images", name: "seedling.png", data: seedling },
      ],
    );
    remember(post, "cover", [cover]);
    remember(post, "images", [seedling]);
    // Its text shows its image, as the editor writes it.
    const [seedlingName] = post.images as [string];
    post = await writeRecord(
      app,
      token,
      "posts",
      {
        content: `# Growth${marker}\n\nTomatoes.\n\n![a seedling](/api/files/posts/${String(post.id)}/${seedlingName})\n`,
      },
      [],
      String(post.id),
    );
  }
  return { collection, privateEntry, publicEntry, unlistedEntry, post, files };
}

/** An export read back. */
export interface ExportResult {
  status: number;
  headers: Record<string, unknown>;
  body: string;
  files: Record<string, Uint8Array>;
}

/** `GET /api/export` with `token` (an Authorization header) and an optional query. */
export async function exportArchive(
  app: TestApp,
  token: string | undefined,
  query = "",
): Promise<ExportResult> {
  const res = await app.http.inject({
    method: "GET",
    url: `/api/export${query}`,
    headers: token ? { authorization: token } : {},
  });
  const isZip = res.statusCode === 200;
  return {
    status: res.statusCode,
    headers: res.headers,
    body: isZip ? "" : res.body,
    files: isZip ? unzipSync(res.rawPayload) : {},
  };
}

/** The manifest of an export. */
export function manifestOf(result: ExportResult): {
  format: string;
  version: number;
  profile: RecordData;
  collections: RecordData[];
  entries: RecordData[];
  posts: RecordData[];
} {
  const raw = result.files["cahier.json"];
  if (!raw) throw new Error("no cahier.json in the export");
  return JSON.parse(new TextDecoder().decode(raw)) as ReturnType<typeof manifestOf>;
}

/** What `POST /api/import` answered. */
export interface ImportResult {
  status: number;
  json: {
    imported?: { entries: number; posts: number; collections: number; files: number };
    skipped?: { item: string; reason: string; code: string; params?: Record<string, unknown> }[];
    status?: number;
    message?: string;
    data?: Record<string, { code: string; message: string }>;
    /** An import answered 202 (`Prefer: respond-async`): the import to follow. */
    id?: string;
    state?: string;
  };
  headers: Record<string, unknown>;
}

/** `POST /api/import` with a multipart body. */
export async function importArchive(
  app: TestApp,
  token: string | undefined,
  input: {
    format?: string;
    dryRun?: string;
    file?: Uint8Array;
    filename?: string;
    query?: string;
    headers?: Record<string, string>;
  },
): Promise<ImportResult> {
  const parts: Part[] = [];
  if (input.format !== undefined) parts.push({ name: "format", value: input.format });
  if (input.dryRun !== undefined) parts.push({ name: "dryRun", value: input.dryRun });
  if (input.file)
    parts.push({ name: "file", filename: input.filename ?? "export.zip", data: input.file });
  const { body, headers } = multipartBody(parts);
  const res = await app.http.inject({
    method: "POST",
    url: `/api/import${input.query ?? ""}`,
    headers: { ...headers, ...input.headers, ...(token ? { authorization: token } : {}) },
    payload: body,
  });
  return {
    status: res.statusCode,
    json: JSON.parse(res.body) as ImportResult["json"],
    headers: res.headers,
  };
}

/** Every record of a collection the token may list (one page of 500), sorted by `sort`. */
export async function listAll(
  app: TestApp,
  token: string,
  collection: string,
  filter: string,
  sort = "created",
): Promise<RecordData[]> {
  const res = await app.http.inject({
    method: "GET",
    url: `/api/collections/${collection}/records?perPage=500&sort=${sort}&filter=${encodeURIComponent(filter)}`,
    headers: { authorization: token },
  });
  if (res.statusCode !== 200) throw new Error(`list ${collection} failed: ${res.body}`);
  return res.json<{ items: RecordData[] }>().items;
}

/** The bytes of a stored file, read through the files API with a file token. */
export async function downloadFile(
  app: TestApp,
  token: string,
  collection: string,
  recordId: string,
  name: string,
): Promise<Uint8Array> {
  const tokenRes = await app.http.inject({
    method: "POST",
    url: "/api/files/token",
    headers: { authorization: token },
  });
  const fileToken = tokenRes.json<{ token: string }>().token;
  const res = await app.http.inject({
    method: "GET",
    url: `/api/files/${collection}/${recordId}/${encodeURIComponent(name)}?token=${fileToken}`,
  });
  if (res.statusCode !== 200) throw new Error(`download of ${name} failed: ${res.statusCode}`);
  return new Uint8Array(res.rawPayload);
}
