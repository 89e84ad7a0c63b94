/**
 * A process that writes to the embedded database as a busy server would, for the crash test that kills it with
 * SIGKILL (tests/security/embedded-crash.test.ts). It opens the PGlite data directory given with --dir through
 * the app's openDatabase, reports what it finds of earlier runs, then writes from several
 * async tasks at once until it is killed: single inserts, updates, deletes, and now and then a transaction of a
 * few hundred rows, into a table with a btree and a trigram index. One JSON line per event on stdout:
 *   {"event":"opened","found":{"<task>":N}}   rows of each task found in the log (earlier runs' commits)
 *   {"event":"committed","task":T,"seq":S}     row S of task T is committed (written after the commit returns)
 * Run through tsx (the app's imports): node --import tsx tests/support/embedded-writer-process.ts --dir DIR --run R
 */
import { sql } from "drizzle-orm";
import { parseArgs } from "node:util";
import { openDatabase } from "../../app/lib/db.server.ts";

const { values } = parseArgs({ options: { dir: { type: "string" }, run: { type: "string" }, tasks: { type: "string", default: "4" } } });
if (!values.dir || !values.run) {
  console.error("usage: embedded-writer-process.ts --dir DIR --run R [--tasks N]");
  process.exit(2);
}
const emit = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);

// The app's migrations are left out: they would only slow each start, and the kill is about PGlite, not them.
const database = await openDatabase({ dir: values.dir });
await database.rows(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
await database.rows(sql`
  CREATE TABLE IF NOT EXISTS crash_log (run int NOT NULL, task int NOT NULL, seq int NOT NULL, payload text NOT NULL, PRIMARY KEY (run, task, seq))`);
await database.rows(
  sql`CREATE TABLE IF NOT EXISTS crash_churn (id bigserial PRIMARY KEY, task int NOT NULL, n int NOT NULL DEFAULT 0, words text NOT NULL)`,
);
await database.rows(sql`CREATE INDEX IF NOT EXISTS crash_churn_words ON crash_churn USING gin (words gin_trgm_ops)`);
await database.rows(sql`CREATE INDEX IF NOT EXISTS crash_churn_task ON crash_churn (task, n)`);

// Every row of the log ever committed, per run and task: the test compares them with what was reported.
const found = await database.rows<{ run: number; task: number; n: number; top: number }>(
  sql`SELECT run, task, count(*)::int AS n, max(seq)::int AS top FROM crash_log GROUP BY run, task ORDER BY run, task`,
);
emit({ event: "opened", found });

const run = Number(values.run);
const words = (task: number, i: number) => `task ${task} row ${i} ${"lorem ipsum dolor sit amet ".repeat(1 + (i % 7))}`;

async function writer(task: number): Promise<never> {
  for (let seq = 0; ; seq++) {
    if (seq % 40 === 39) {
      // A larger transaction: the log row commits together with a few hundred rows of churn.
      await database.db.transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO crash_churn (task, words) SELECT ${task}, ${words(task, seq)} || g FROM generate_series(1, 300) AS g`,
        );
        await tx.execute(sql`DELETE FROM crash_churn WHERE task = ${task} AND id % 5 = 0`);
        await tx.execute(sql`INSERT INTO crash_log (run, task, seq, payload) VALUES (${run}, ${task}, ${seq}, ${words(task, seq)})`);
      });
    } else {
      await database.rows(sql`INSERT INTO crash_log (run, task, seq, payload) VALUES (${run}, ${task}, ${seq}, ${words(task, seq)})`);
      if (seq % 3 === 0) await database.rows(sql`INSERT INTO crash_churn (task, words) VALUES (${task}, ${words(task, seq)})`);
      if (seq % 5 === 0) await database.rows(sql`UPDATE crash_churn SET n = n + 1 WHERE task = ${task} AND id % 11 = ${seq % 11}`);
    }
    emit({ event: "committed", task, seq });
  }
}

await Promise.all(Array.from({ length: Number(values.tasks) }, (_, task) => writer(task)));
