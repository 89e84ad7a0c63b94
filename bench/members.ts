/**
 * /admin/members at size (issue 30 §6, decision 0081): 100,000 members with believable names and addresses, searched
 * keystroke by keystroke as an operator types ("m", "ma", "mar", … "maria.k") and paged deep by cursor, through the
 * product's own listMembers (the search, the page and the facts of each row). Each query's plan is read too: a
 * "Seq Scan on users" anywhere fails the run.
 *
 *   npm run bench:members                                   PGlite in a fresh temporary directory
 *   npm run bench:members -- --postgres postgres://…/db    a PostgreSQL database holding no members but the bench's
 *                                                           (--reset: empty one that holds others)
 *   npm run bench:members -- --members 20000 --repeat 20
 *
 * Results: bench/results/members-<engine>-<date>.json and bench/results/members-<engine>-latest.md.
 */
import { sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { listMembers, memberSearchCondition } from "~/features/members/list-members.server.ts";
import { parseMemberQuery, type MemberCursor } from "~/features/members/member-query.ts";
import { analyze, openDatabase, type Database } from "~/lib/db.server.ts";
import { dateStamp, log, machineInfo, machineMarkdown, writeResult } from "./lib/machine.ts";

const { values: args } = parseArgs({
  options: {
    postgres: { type: "string" },
    members: { type: "string", default: "100000" },
    repeat: { type: "string", default: "15" },
    reset: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:members -- [options]
  --postgres postgres://...   a PostgreSQL database (default: PGlite in a fresh temporary directory)
  --reset                     allow deleting the members of a --postgres database that holds others than the bench's
  --members 100000            members generated   --repeat 15   runs of each query after one warm-up`);
  process.exit(0);
}
const MEMBERS = Number(args.members);
const REPEAT = Number(args.repeat);
const engine = args.postgres ? "postgres" : "pglite";

const FIRST = ["maria", "mark", "marta", "james", "li", "ana", "omar", "sofia", "chen", "ivan", "nora", "yuki", "ade", "olga"];
const LAST = ["kowalski", "smith", "garcia", "nguyen", "okafor", "rossi", "tanaka", "muller", "silva", "haddad", "novak", "berg"];
const DOMAINS = ["example.org", "mail.example", "company.example", "startup.example"];

/** Members as a sign-up would leave them, spread over three years, written by the database in one statement. */
async function seed(database: Database) {
  // Every user is deleted: never those of a database someone uses, unless they say so.
  const [others] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE id NOT LIKE 'bench-%'`);
  if (others!.n > 0 && !args.reset) {
    throw new Error(`the database holds ${others!.n} members the bench did not make: pass --reset to delete them, or use another database`);
  }
  await database.rows(sql`DELETE FROM users RETURNING id`);
  const first = `{${FIRST.join(",")}}`;
  const last = `{${LAST.join(",")}}`;
  const domains = `{${DOMAINS.join(",")}}`;
  await database.rows(sql`
    INSERT INTO users (id, name, email, email_verified, tier, created_at)
    SELECT 'bench-' || n,
      initcap(f) || ' ' || initcap(l) || ' ' || n,
      f || '.' || left(l, 1) || n || '@' || d,
      n % 20 <> 0,
      (ARRAY['public', 'public', 'public', 'subscriber', 'premium'])[1 + n % 5],
      timestamptz '2028-01-01' + (n * interval '937 seconds')
    FROM generate_series(1, ${MEMBERS}) AS n,
      LATERAL (SELECT (${first}::text[])[1 + n % ${FIRST.length}] AS f, (${last}::text[])[1 + (n / 7) % ${LAST.length}] AS l,
        (${domains}::text[])[1 + (n / 3) % ${DOMAINS.length}] AS d) AS pick
    RETURNING 1`);
  await analyze(database);
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1)! };
}

/** The page query's plan, with the order listMembers chooses for the number of matches. */
async function plan(database: Database, q: string, sparse: boolean): Promise<string> {
  const created = sparse ? sql`created_at + interval '0 seconds'` : sql`created_at`;
  const rows = await database.rows<Record<string, string>>(
    sql`EXPLAIN SELECT id FROM users WHERE ${memberSearchCondition(q) ?? sql`true`} ORDER BY ${created} DESC, id DESC LIMIT 51`,
  );
  return rows.map((r) => Object.values(r)[0]).join("\n");
}

async function time(work: () => Promise<unknown>): Promise<number[]> {
  await work();
  const samples: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}

const dir = args.postgres ? null : mkdtempSync(path.join(tmpdir(), "introbase-bench-members-"));
const database = await openDatabase(args.postgres ? { url: args.postgres } : { dir: dir! });
try {
  await database.migrate();
  log(`${engine}: seeding ${MEMBERS} members`);
  await seed(database);
  const typed = "maria.k1";
  const searches = [...Array.from({ length: typed.length }, (_, i) => typed.slice(0, i + 1)), "GARCIA", "startup.example", "zz-nobody"];
  const rows: Array<{ what: string; p50: number; p95: number; max: number; matches: string; plan: string }> = [];
  for (const q of ["", ...searches]) {
    const query = parseMemberQuery(new URLSearchParams({ q }));
    const page = await listMembers(database, query);
    const explained = await plan(database, q, q !== "" && !page.matches.capped);
    if (/Seq Scan on users/.test(explained)) throw new Error(`"${q}" reads the whole users table:\n${explained}`);
    rows.push({
      what: q ? `search "${q}"` : "first page, no search",
      ...stats(await time(() => listMembers(database, query))),
      matches: `${page.matches.capped ? "> " : ""}${page.matches.count}`,
      plan:
        explained
          .split("\n")
          .find((line) => /Scan/.test(line))
          ?.trim()
          .replace(/\s+\(cost.*$/, "") ?? "",
    });
    log(`${rows.at(-1)!.what}: p50 ${rows.at(-1)!.p50.toFixed(1)} ms`);
  }
  // Deep in the list: page 200 by cursor costs what page 1 costs.
  let cursor: MemberCursor | null = null;
  for (let i = 0; i < 200; i++) {
    const page = await listMembers(database, { ...parseMemberQuery(new URLSearchParams()), after: cursor });
    cursor = page.older;
  }
  const deep = { ...parseMemberQuery(new URLSearchParams()), after: cursor };
  rows.push({ what: "page 201, no search", ...stats(await time(() => listMembers(database, deep))), matches: "", plan: "cursor" });

  const machine = machineInfo();
  const table = rows
    .map((r) => `| ${r.what} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.matches} | ${r.plan} |`)
    .join("\n");
  const markdown = `# /admin/members with ${MEMBERS.toLocaleString("en-US")} members, ${engine}

The whole list call (search, page of 50, each row's plan, subscription, usage, sign-in methods and last sign-in), ${REPEAT}
runs after one warm-up, milliseconds. No plan reads the users table sequentially: a search most members match walks the
newest-first index and stops at the page's 51st match, a rarer one looks its rows up through the trigram indexes.

| query | p50 | p95 | max | matches | plan (first scan) |
| --- | --- | --- | --- | --- | --- |
${table}

${machineMarkdown(machine)}
`;
  log(writeResult(`members-${engine}-latest.md`, markdown));
  log(writeResult(`members-${engine}-${dateStamp()}.json`, { engine, members: MEMBERS, repeat: REPEAT, rows, machine }));
} finally {
  await database.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
