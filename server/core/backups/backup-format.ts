/**
 * The backup archive's format (ADR 022): its manifest, the tables it holds as JSON lines, and
 * the streams that write and read those lines.
 */
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import type { Row } from "../../data/db.ts";
import { isSearchIndexTable } from "../../data/registry/search.ts";
import { ArchiveError } from "../../tools/archive/zip.ts";

/** The manifest at the root of every archive. */
export const MANIFEST = "cahier-backup.json";
export const FORMAT = "cahier-backup";
export const FORMAT_VERSION = 1;
export const TABLE_ENTRY = /^data\/([A-Za-z0-9_]+)\.jsonl$/;
/** Tables never restored (the schema version is checked, not overwritten). */
const SKIPPED_TABLES = new Set(["_migrations"]);

/**
 * Tables neither backed up nor restored: the schema version, and the search index (derived
 * from the records, engine-specific, rebuilt in the restore's transaction; ADR 043).
 */
export function skipped(table: string): boolean {
  return SKIPPED_TABLES.has(table) || isSearchIndexTable(table);
}

/** What a backup archive declares about itself. */
export interface Manifest {
  format: string;
  version: number;
  created: string;
  engine: string;
  migrations: string[];
  tables: string[];
  files: number;
}

/** Each batch of rows as JSON lines. */
export async function* jsonLines(batches: AsyncIterable<Row[]>): AsyncIterable<Uint8Array> {
  for await (const batch of batches) {
    yield Buffer.from(batch.map((row) => `${JSON.stringify(row)}\n`).join(""));
  }
}

/** Reads a JSON-lines file in batches of rows. */
export async function* readRows(file: string, batchSize = 500): AsyncIterable<Row[]> {
  const lines = readline.createInterface({
    input: fs.createReadStream(file, { encoding: "utf8" }),
    crlfDelay: Infinity,
  });
  let batch: Row[] = [];
  for await (const line of lines) {
    if (line.trim() === "") continue;
    const row: unknown = JSON.parse(line);
    if (!row || typeof row !== "object" || Array.isArray(row))
      throw new ArchiveError(`invalid row in ${path.basename(file)}`);
    batch.push(row as Row);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}
