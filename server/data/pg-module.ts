/**
 * node-postgres, loaded when a PostgreSQL database is first opened: an instance on SQLite never
 * loads it (issue 30, memory at rest). Synchronous (pg is CommonJS), so opening a database
 * stays synchronous.
 */
import { createRequire } from "node:module";
import type PgModule from "pg";

let pgModule: typeof PgModule | undefined;

/** The pg module, its type parsers set as Cahier reads values. */
export function loadPg(): typeof PgModule {
  if (pgModule) return pgModule;
  const pg = createRequire(import.meta.url)("pg") as typeof PgModule;
  // COUNT(*) and other int8 values come back as strings by default; they fit in a double here.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  // jsonb comes back as JSON text, as SQLite returns JSON columns: a parsed jsonb string (say
  // "0012") could not be told apart from JSON text when the value is read back.
  pg.types.setTypeParser(pg.types.builtins.JSONB, (v) => v);
  pgModule = pg;
  return pg;
}
