/**
 * A span for every database query made through Drizzle (decision 0105), on both drivers (PGlite and postgres.js):
 * neither has an OpenTelemetry instrumentation of its own that sees PGlite, so the spans are made where every Drizzle
 * query passes, its prepared query's `queryWithCache`. The statement is Drizzle's text with `$1` placeholders: the
 * values never leave the process. Installed once, and only while tracing is on (db.server.ts).
 */
import { SpanKind } from "@opentelemetry/api";
import { PgPreparedQuery } from "drizzle-orm/pg-core";
import { inSpan } from "./spans.server.ts";

/** The longest statement a span carries: enough to recognise the query, not a 100 kB IN list. */
const MAX_STATEMENT = 2_000;

/** The word before the table, in the statements that read or write rows. */
const TABLE_WORD: Readonly<Record<string, string>> = { SELECT: "from", DELETE: "from", INSERT: "into", UPDATE: "update" };

/** The SQL keyword a statement starts with (SELECT, INSERT, WITH...), and the table it names first, if plain. */
export function describeStatement(statement: string): { operation: string; collection?: string } {
  const operation = /^\s*([a-z]+)/i.exec(statement)?.[1]?.toUpperCase() ?? "QUERY";
  // Only for the statements that read or write rows: DDL's "ON UPDATE" or "FROM" name no table.
  const target = TABLE_WORD[operation];
  const collection = target ? new RegExp(`\\b${target}\\s+"?([a-z_][a-z0-9_]*)"?`, "i").exec(statement)?.[1] : undefined;
  return collection ? { operation, collection } : { operation };
}

let installed = false;

export function traceQueries(): void {
  if (installed) return;
  installed = true;
  type QueryWithCache = (queryString: string, params: unknown[], query: () => Promise<unknown>) => Promise<unknown>;
  const prototype = PgPreparedQuery.prototype as unknown as { queryWithCache: QueryWithCache };
  const original = prototype.queryWithCache;
  prototype.queryWithCache = function (this: unknown, queryString, params, query) {
    const { operation, collection } = describeStatement(queryString);
    return inSpan(
      collection ? `${operation} ${collection}` : operation,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          "db.system.name": "postgresql",
          "db.operation.name": operation,
          "db.query.text": queryString.slice(0, MAX_STATEMENT),
          ...(collection ? { "db.collection.name": collection } : {}),
        },
      },
      () => original.call(this, queryString, params, query),
    );
  };
}
