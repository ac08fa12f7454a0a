/**
 * Compiles SQL fragments with an engine's own Kysely compiler, without a database, so dialect
 * tests can assert the exact text and bound parameters each engine gets.
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type RawBuilder,
} from "kysely";
import type { AnyDB } from "#server/data/db.ts";

/** A fragment's SQL text and bound parameters. */
export interface CompiledFragment {
  sql: string;
  parameters: readonly unknown[];
}

/** The compile function of one engine. */
export function sqlCompiler(
  engine: "sqlite" | "postgres",
): (fragment: RawBuilder<unknown>) => CompiledFragment {
  const compiler = new Kysely<AnyDB>({
    dialect:
      engine === "sqlite"
        ? {
            createAdapter: () => new SqliteAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new SqliteIntrospector(db),
            createQueryCompiler: () => new SqliteQueryCompiler(),
          }
        : {
            createAdapter: () => new PostgresAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new PostgresIntrospector(db),
            createQueryCompiler: () => new PostgresQueryCompiler(),
          },
  });
  return (fragment) => {
    const { sql, parameters } = fragment.compile(compiler);
    return { sql, parameters };
  };
}
