/**
 * The embedded databases a test worker has finished with, kept for the next test database it opens (decision 0048).
 * Loading the run's migrated snapshot costs about 0.75 s of CPU and PGlite's memory per database; a database the
 * last test file closed is made empty again in milliseconds. It is reused only if it is then indistinguishable
 * from a fresh copy: its rows are truncated and its identities restarted, and a fingerprint of its schema and
 * session state must equal the one taken when it was loaded. Any difference, or any error on the way, and it is
 * closed for good (the next open loads the snapshot, as without the pool).
 *
 * Test code only, PGlite only (on PostgreSQL each test database is a database of its own, dropped on close).
 */
import { createHash } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";

/** Idle databases a worker keeps: a file rarely has more than two open at once, and each holds PGlite's memory. */
const MAX_IDLE = 2;

interface Idle {
  client: PGlite;
  /** fingerprint() of the database as it was handed out first, empty and migrated. */
  baseline: string;
  /** relationSizes() then, put back after each use: VACUUM and ANALYZE change them, TRUNCATE does not undo that. */
  sizes: string;
  /** fileSizes() then: a table whose files have not changed since holds no rows and need not be truncated. */
  files: string;
}

interface Pool {
  /** Per migrated source (a snapshot file), so that a database is only reused for a copy of the same source. */
  idle: Map<string, Idle[]>;
  stats: { loaded: number; reused: number; discarded: number };
}

/**
 * On globalThis, not in this module: the database test files share a worker and reload the app's modules for each
 * file (tests/support/fresh-file-state.ts), which would otherwise drop the pool with the module. PGlite itself is a
 * package and stays loaded, so its instances outlive the reload.
 */
const POOL = Symbol.for("introbase.pgliteTestPool");

function pool(): Pool {
  const global = globalThis as { [POOL]?: Pool };
  let existing = global[POOL];
  if (!existing) {
    const created: Pool = { idle: new Map(), stats: { loaded: 0, reused: 0, discarded: 0 } };
    existing = global[POOL] = created;
    // In-memory instances hold no file or lock, so a worker that exits without this loses nothing; when the event
    // loop empties first, they are closed properly.
    process.once("beforeExit", () => {
      const all = [...created.idle.values()].flat();
      created.idle.clear();
      void Promise.allSettled(all.map(({ client }) => client.close()));
    });
  }
  return existing;
}

/**
 * Closes this worker's idle databases but the `keep` most recently given back (for the pool's own tests): with none
 * kept the next open loads the snapshot; with one kept, the next open takes that one and the open after it, unless a
 * database was given back in between, loads the snapshot.
 */
export async function closeIdleTestDatabases({ keep = 0 }: { keep?: number } = {}): Promise<void> {
  const all = [...pool().idle.values()].flat();
  const closing = all.slice(0, Math.max(0, all.length - keep));
  for (const [source, list] of pool().idle) {
    const kept = list.filter((idle) => !closing.includes(idle));
    if (kept.length > 0) pool().idle.set(source, kept);
    else pool().idle.delete(source);
  }
  await Promise.all(closing.map(({ client }) => client.close()));
}

/** How many databases this worker loaded, reused and threw away (for the pool's own tests). */
export function pgliteTestPoolStats(): Pool["stats"] {
  return { ...pool().stats };
}

/** An idle database made from `source`, taken out of the pool; undefined if there is none. */
export function takeIdle(source: string): Idle | undefined {
  const taken = pool().idle.get(source)?.pop();
  if (taken) pool().stats.reused++;
  return taken;
}

/** Counts a database loaded from the snapshot rather than taken from the pool. */
export function countLoaded(): void {
  pool().stats.loaded++;
}

/**
 * The handle a test gets on a pooled instance: the instance itself until close, then refusing everything, so that a
 * test holding on to a closed database can never reach the next file's data in the same instance. It also notes
 * notification listeners, which live in PGlite's JavaScript rather than in the database and so escape the
 * fingerprint: an instance that had any is not reused.
 */
export function lease(client: PGlite): { handle: PGlite; revoke: () => { listened: boolean } } {
  let revoked = false;
  let listened = false;
  const refuse = () => new Error("PGlite is closed (this test database was closed and returned to the pool)");
  const handle = new Proxy(client, {
    get(target, property) {
      if (property === "closed") return revoked || target.closed;
      if (revoked) throw refuse();
      if (property === "listen" || property === "onNotification") listened = true;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      // PGlite's methods use private fields: they must run on the instance, not on this proxy.
      return (...args: unknown[]) => {
        if (revoked) throw refuse();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    handle,
    revoke: () => {
      revoked = true;
      return { listened };
    },
  };
}

/**
 * Empties a database a test closed and puts it back in the pool if it is again what a fresh copy is; otherwise (or
 * on any error) closes it.
 */
export async function giveBack(source: string, idle: Idle, usage: { listened: boolean }): Promise<void> {
  const { client } = idle;
  const { stats } = pool();
  let reusable = false;
  try {
    // Idle databases of another source (a test's own older snapshot, a watch run's previous one) make room first:
    // a run's files all copy one source.
    for (const [other, list] of pool().idle) {
      if (other === source) continue;
      pool().idle.delete(other);
      for (const stale of list) await stale.client.close().catch(() => {});
    }
    if (!client.closed && !usage.listened && !client.isInTransaction() && poolSize() < MAX_IDLE) {
      await empty(client, idle);
      reusable = (await fingerprint(client)) === idle.baseline;
    }
  } catch {
    reusable = false;
  }
  // Checked again: another database may have been given back while this one was being emptied.
  if (reusable && poolSize() < MAX_IDLE) {
    const list = pool().idle.get(source) ?? [];
    list.push(idle);
    pool().idle.set(source, list);
    return;
  }
  stats.discarded++;
  if (!client.closed) await client.close();
}

function poolSize(): number {
  let size = 0;
  for (const list of pool().idle.values()) size += list.length;
  return size;
}

/** Schemas of PostgreSQL itself; everything else is the application's (and drizzle's bookkeeping, kept). */
const SYSTEM_SCHEMAS = "('pg_catalog', 'information_schema', 'pg_toast')";

/**
 * Every application table a test wrote to truncated with its identities restarted, every sequence used restarted,
 * and the planner statistics of those rows forgotten (a fresh copy has none): everything a test's writes leave
 * behind. Drizzle's record of the applied migrations (schema "drizzle") stays: it is part of being migrated.
 *
 * Which tables were written to, their files say: every table of a fresh copy is empty, its heap file of zero bytes,
 * and a row written (even one rolled back) extends it, or one of its indexes or its TOAST table. Truncating only
 * those is most of the reset's saving (TRUNCATE makes new files for a table and each of its indexes, some 50 tables
 * here); the fingerprint compared afterwards includes every file's size, so a table left with a row in it can never
 * pass for empty.
 */
async function empty(client: PGlite, { sizes, files }: Idle): Promise<void> {
  const tables = await client.query<{ name: string }>(
    `WITH baseline AS (SELECT * FROM json_to_recordset($1::json) AS b(oid oid, bytes bigint))
     SELECT DISTINCT t.name FROM (${TABLE_FILES}) AS t LEFT JOIN baseline b ON b.oid = t.file
     WHERE b.bytes IS DISTINCT FROM pg_relation_size(t.file)`,
    [files],
  );
  if (tables.rows.length > 0) {
    await client.exec(`TRUNCATE ${tables.rows.map((t) => t.name).join(", ")} RESTART IDENTITY CASCADE`);
  }
  // A sequence is also used by a row refused before it was written, and by nextval() alone; restarted, it is again
  // as a fresh copy's (never called). TRUNCATE has restarted those of the tables it emptied.
  const sequences = await client.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences
     WHERE schemaname NOT IN ${SYSTEM_SCHEMAS} AND schemaname <> 'drizzle' AND last_value IS NOT NULL`,
  );
  for (const { name } of sequences.rows) await client.exec(`ALTER SEQUENCE ${name} RESTART`);
  await client.exec(`
    DELETE FROM pg_statistic WHERE starelid IN (SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ${SYSTEM_SCHEMAS});
    SELECT pg_stat_reset();
    DISCARD SEQUENCES;
  `);
  // The planner's size estimates (which the diagnostics also show) as they were in the fresh copy.
  await client.query(
    `UPDATE pg_class c SET relpages = s.relpages, reltuples = s.reltuples, relallvisible = s.relallvisible
     FROM json_to_recordset($1::json) AS s(oid oid, relpages int, reltuples real, relallvisible int)
     WHERE c.oid = s.oid AND (c.relpages, c.reltuples, c.relallvisible) IS DISTINCT FROM (s.relpages, s.reltuples, s.relallvisible)`,
    [sizes],
  );
}

/**
 * Each application table (temporary ones aside: a database with one is not reused) with each file its rows reach:
 * the table's own, its indexes', its TOAST table's and that one's index's.
 */
const TABLE_FILES = `
  SELECT format('%I.%I', n.nspname, t.relname) AS name, f.file
  FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace
  CROSS JOIN LATERAL (
    SELECT t.oid UNION ALL SELECT t.reltoastrelid WHERE t.reltoastrelid <> 0
    UNION ALL SELECT i.indexrelid FROM pg_index i WHERE i.indrelid = t.oid OR (t.reltoastrelid <> 0 AND i.indrelid = t.reltoastrelid)
  ) AS f(file)
  WHERE t.relkind = 'r' AND n.nspname NOT IN ${SYSTEM_SCHEMAS} AND n.nspname <> 'drizzle' AND n.nspname NOT LIKE 'pg\_temp\_%'`;

/** The size in bytes of every file of the application's tables (TABLE_FILES), as JSON for empty(). */
export async function fileSizes(client: PGlite): Promise<string> {
  const result = await client.query<{ files: string | null }>(
    `SELECT json_agg(json_build_object('oid', t.file, 'bytes', pg_relation_size(t.file)))::text AS files FROM (${TABLE_FILES}) AS t`,
  );
  return result.rows[0]?.files ?? "[]";
}

/** The planner's size estimates of the application's tables and indexes, as JSON for empty(). */
export async function relationSizes(client: PGlite): Promise<string> {
  const result = await client.query<{ sizes: string | null }>(
    `SELECT json_agg(json_build_object('oid', c.oid, 'relpages', c.relpages, 'reltuples', c.reltuples,
       'relallvisible', c.relallvisible))::text AS sizes
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname NOT IN ${SYSTEM_SCHEMAS}`,
  );
  return result.rows[0]?.sizes ?? "[]";
}

/**
 * What makes a database this migrated database, beyond its rows: schema objects and their definitions, the
 * applied migrations, roles and databases, and the session's state (settings changed with SET, temporary objects,
 * prepared statements, cursors, LISTEN channels, advisory locks). Two databases with the same fingerprint and no rows
 * cannot be told apart by a test. The size of every table's and index's file is in it too: a fresh copy's tables are
 * all empty files, and one holding a row is not. One query, hashed.
 */
export async function fingerprint(client: PGlite): Promise<string> {
  // pg_settings lists pg_trgm's settings (set when a database opens: db.server.ts) only once its library is loaded,
  // which the first similarity search does: loaded here, so that the first fingerprint lists them too.
  await client.query(`SELECT similarity('', '')`);
  const user = `n.nspname NOT IN ${SYSTEM_SCHEMAS}`;
  const lines = await client.query<{ line: string }>(`
    SELECT concat_ws(' ', 'schema', n.nspname, n.nspacl::text) AS line FROM pg_namespace n WHERE ${user}
    UNION ALL
    SELECT concat_ws(' ', 'relation', n.nspname, c.relname, c.relkind, c.relpersistence, c.relrowsecurity,
      c.relforcerowsecurity, c.relpages, c.reltuples, c.reloptions::text, c.relacl::text)
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${user}
    UNION ALL
    SELECT concat_ws(' ', 'file', c.oid::regclass::text, pg_relation_size(c.oid))
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${user} AND c.relkind IN ('r', 'i', 't', 'm')
    UNION ALL
    SELECT concat_ws(' ', 'column', a.attrelid::regclass::text, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod),
      a.attnotnull, a.attisdropped, a.attidentity, a.attgenerated, a.attcollation::regcollation::text,
      pg_get_expr(d.adbin, d.adrelid))
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE ${user} AND a.attnum > 0
    UNION ALL
    SELECT concat_ws(' ', 'constraint', co.conrelid::regclass::text, co.contypid::regtype::text, co.conname,
      pg_get_constraintdef(co.oid), co.condeferrable, co.condeferred, co.convalidated)
    FROM pg_constraint co JOIN pg_namespace n ON n.oid = co.connamespace WHERE ${user}
    UNION ALL
    SELECT concat_ws(' ', 'index', pg_get_indexdef(i.indexrelid), i.indisvalid)
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${user}
    UNION ALL
    SELECT concat_ws(' ', 'trigger', pg_get_triggerdef(t.oid), t.tgenabled)
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE ${user} AND NOT t.tgisinternal
    UNION ALL
    SELECT concat_ws(' ', 'policy', p.polrelid::regclass::text, p.polname, p.polcmd, p.polpermissive,
      pg_get_expr(p.polqual, p.polrelid), pg_get_expr(p.polwithcheck, p.polrelid))
    FROM pg_policy p
    UNION ALL
    SELECT concat_ws(' ', 'rule', r.ev_class::regclass::text, r.rulename, pg_get_ruledef(r.oid))
    FROM pg_rewrite r JOIN pg_class c ON c.oid = r.ev_class JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${user}
    UNION ALL
    SELECT concat_ws(' ', 'function', p.oid::regprocedure::text, p.prokind, p.provolatile, p.prosecdef,
      p.prorettype::regtype::text, md5(p.prosrc), p.proconfig::text, p.proacl::text)
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${user}
    UNION ALL
    SELECT concat_ws(' ', 'type', t.oid::regtype::text, t.typtype, t.typnotnull, t.typbasetype::regtype::text,
      (SELECT string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid))
    FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE ${user}
    UNION ALL
    SELECT concat_ws(' ', 'sequence', s.schemaname, s.sequencename, s.start_value, s.increment_by, s.min_value,
      s.max_value, s.cycle, s.last_value)
    FROM pg_sequences s
    UNION ALL
    SELECT concat_ws(' ', 'extension', e.extname, e.extversion, e.extnamespace::regnamespace::text) FROM pg_extension e
    UNION ALL
    SELECT concat_ws(' ', 'comment', pg_describe_object(d.classoid, d.objoid, d.objsubid), md5(d.description))
    FROM pg_description d WHERE d.objoid >= 16384
    UNION ALL
    SELECT concat_ws(' ', 'statistics', s.stxrelid::regclass::text, s.stxname) FROM pg_statistic_ext s
    UNION ALL
    SELECT concat_ws(' ', 'planner statistics', count(*)) FROM pg_statistic st JOIN pg_class c ON c.oid = st.starelid
      JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${user}
    UNION ALL
    SELECT concat_ws(' ', 'large objects', count(*)) FROM pg_largeobject_metadata
    UNION ALL
    SELECT concat_ws(' ', 'migration', m.id, m.hash, m.created_at) FROM drizzle.__drizzle_migrations m
    UNION ALL
    SELECT concat_ws(' ', 'role', r.rolname, r.rolsuper, r.rolinherit, r.rolcanlogin, r.rolbypassrls, r.rolconfig::text)
    FROM pg_roles r
    UNION ALL
    SELECT concat_ws(' ', 'database', d.datname, d.datallowconn, d.datacl::text) FROM pg_database d
    UNION ALL
    SELECT concat_ws(' ', 'role setting', s.setdatabase, s.setrole, s.setconfig::text) FROM pg_db_role_setting s
    UNION ALL
    SELECT concat_ws(' ', 'setting', s.name, s.setting, s.source) FROM pg_settings s WHERE s.source <> 'default'
    UNION ALL
    SELECT concat_ws(' ', 'session', current_user, session_user, current_database(), current_schemas(true)::text)
    UNION ALL
    SELECT concat_ws(' ', 'listening', c) FROM pg_listening_channels() c
    UNION ALL
    SELECT concat_ws(' ', 'prepared', p.name) FROM pg_prepared_statements p
    UNION ALL
    SELECT concat_ws(' ', 'cursor', c.name) FROM pg_cursors c
    UNION ALL
    SELECT concat_ws(' ', 'prepared transaction', x.gid) FROM pg_prepared_xacts x
    UNION ALL
    SELECT concat_ws(' ', 'lock', l.locktype, l.objid, l.mode) FROM pg_locks l WHERE l.locktype = 'advisory'
  `);
  const hash = createHash("sha256");
  for (const { line } of lines.rows.sort((a, b) => (a.line < b.line ? -1 : a.line > b.line ? 1 : 0))) hash.update(`${line}\n`);
  return hash.digest("hex");
}
