/**
 * Our committed migrations against what a database applied (Drizzle's `drizzle.__drizzle_migrations`), and which
 * migration created each table and column, read from the migration SQL: the quick fixes name the migration and the
 * statement that puts a missing piece back. Pure; the files and the database are read elsewhere.
 */

export interface CommittedMigration {
  tag: string;
  /** The journal's `when`: Drizzle stores it as `created_at` when it applies the migration. */
  when: number;
  /** SHA-256 of the file, as Drizzle computes it. */
  hash: string;
  sql: string;
}

export interface AppliedMigration {
  hash: string;
  createdAt: number;
}

/**
 * applied: recorded in the database. pending: newer than the last applied one, so the migrator runs it at the
 * next start. skipped: not recorded, yet older than the last applied one: the migrator will never run it by itself.
 */
export type MigrationState = "applied" | "pending" | "skipped";

export interface MigrationStatus {
  tag: string;
  state: MigrationState;
  /** Applied, but the committed file is no longer the one that ran. */
  changedSinceApplied: boolean;
}

export interface MigrationSummary {
  migrations: MigrationStatus[];
  applied: number;
  committed: number;
  /** Applied migrations the committed journal does not know: the database was migrated by a newer version. */
  unknownApplied: number;
}

/** Drizzle's rule (drizzle-orm's pg dialect): a migration runs when its `when` is after the last applied one. */
export function migrationStatus(committed: readonly CommittedMigration[], applied: readonly AppliedMigration[]): MigrationSummary {
  const lastApplied = applied.reduce((max, a) => Math.max(max, a.createdAt), -Infinity);
  const byTime = new Map(applied.map((a) => [a.createdAt, a]));
  const hashes = new Set(applied.map((a) => a.hash));
  const known = new Set<AppliedMigration>();
  const migrations = committed.map((m): MigrationStatus => {
    const record = byTime.get(m.when) ?? applied.find((a) => a.hash === m.hash);
    if (record) {
      known.add(record);
      return { tag: m.tag, state: "applied", changedSinceApplied: record.hash !== m.hash && !hashes.has(m.hash) };
    }
    return { tag: m.tag, state: m.when > lastApplied ? "pending" : "skipped", changedSinceApplied: false };
  });
  return {
    migrations,
    applied: migrations.filter((m) => m.state === "applied").length,
    committed: committed.length,
    unknownApplied: applied.filter((a) => !known.has(a)).length,
  };
}

/** Where a table or column comes from: the migration, and the statements that create it again. */
export interface Origin {
  tag: string;
  statements: string[];
}

export interface Origins {
  tables: Map<string, Origin>;
  /** Keyed "table.column". */
  columns: Map<string, Origin>;
}

const NAME = String.raw`(?:"[^"]+"\.)?"([^"]+)"`;
const CREATE_TABLE = new RegExp(String.raw`^CREATE TABLE (?:IF NOT EXISTS )?${NAME}\s*\(([\s\S]*)\)\s*;?$`, "i");
const ADD_COLUMN = new RegExp(String.raw`^ALTER TABLE (?:ONLY )?${NAME} ADD COLUMN (?:IF NOT EXISTS )?"([^"]+)"([\s\S]*?);?$`, "i");
const RENAME_COLUMN = new RegExp(String.raw`^ALTER TABLE (?:ONLY )?${NAME} RENAME COLUMN "([^"]+)" TO "([^"]+)"`, "i");
const RENAME_TABLE = new RegExp(String.raw`^ALTER TABLE (?:ONLY )?${NAME} RENAME TO "([^"]+)"`, "i");
const ADD_CONSTRAINT = new RegExp(String.raw`^ALTER TABLE (?:ONLY )?${NAME} ADD CONSTRAINT "([^"]+)"`, "i");
const CREATE_INDEX = new RegExp(String.raw`^CREATE (?:UNIQUE )?INDEX (?:IF NOT EXISTS )?"([^"]+)" ON ${NAME}`, "i");
const DROP_NAMED = /^(?:DROP INDEX (?:IF EXISTS )?|ALTER TABLE .* DROP CONSTRAINT (?:IF EXISTS )?)(?:"[^"]+"\.)?"([^"]+)"/i;
/** A column line inside CREATE TABLE; constraint lines (CONSTRAINT ..., PRIMARY KEY(...)) do not start with a quote. */
const COLUMN_LINE = /^\s*"([^"]+)"\s+(.+?),?\s*$/;

/** Drizzle-kit's files: statements separated by "--> statement-breakpoint". */
function statements(sql: string): string[] {
  return sql
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (s.endsWith(";") ? s : `${s};`));
}

/**
 * Later migrations win: a table dropped and created again comes from the one that created it last. A table's
 * statements are its CREATE TABLE and the constraints and indexes later statements give it (unless dropped again).
 */
export function migrationOrigins(migrations: ReadonlyArray<Pick<CommittedMigration, "tag" | "sql">>): Origins {
  const tables = new Map<string, Origin>();
  const columns = new Map<string, Origin>();
  /** Per table, its constraints and indexes by name, in the order they were made. */
  const followUps = new Map<string, Map<string, string>>();
  const followUp = (table: string, name: string, statement: string) =>
    followUps.set(table, (followUps.get(table) ?? new Map()).set(name, statement));
  for (const { tag, sql } of migrations) {
    for (const statement of statements(sql)) {
      const create = CREATE_TABLE.exec(statement);
      if (create) {
        const [, table, body] = create as unknown as [string, string, string];
        tables.set(table, { tag, statements: [statement] });
        followUps.delete(table);
        for (const line of body.split("\n")) {
          const column = COLUMN_LINE.exec(line);
          if (column)
            columns.set(`${table}.${column[1]}`, { tag, statements: [`ALTER TABLE "${table}" ADD COLUMN "${column[1]}" ${column[2]};`] });
        }
        continue;
      }
      const add = ADD_COLUMN.exec(statement);
      if (add) {
        columns.set(`${add[1]}.${add[2]}`, { tag, statements: [`ALTER TABLE "${add[1]}" ADD COLUMN "${add[2]}"${add[3]!.trimEnd()};`] });
        continue;
      }
      const rename = RENAME_COLUMN.exec(statement);
      if (rename) {
        columns.set(`${rename[1]}.${rename[3]}`, { tag, statements: [statement] });
        continue;
      }
      const renameTable = RENAME_TABLE.exec(statement);
      if (renameTable) {
        tables.set(renameTable[2]!, { tag, statements: [statement] });
        continue;
      }
      const constraint = ADD_CONSTRAINT.exec(statement);
      if (constraint) {
        followUp(constraint[1]!, constraint[2]!, statement);
        continue;
      }
      const index = CREATE_INDEX.exec(statement);
      if (index) {
        followUp(index[2]!, index[1]!, statement);
        continue;
      }
      const drop = DROP_NAMED.exec(statement);
      if (drop) for (const named of followUps.values()) named.delete(drop[1]!);
    }
  }
  for (const [table, origin] of tables) {
    origin.statements.push(...(followUps.get(table)?.values() ?? []));
  }
  return { tables, columns };
}
