/**
 * Issue 33's first row: how long a change takes to be visible on every server process. Two production servers of one
 * process each run on two ports against the same PostgreSQL (so each process can be asked directly; a cluster's workers
 * share one port). The benchmark renames a listing through the app's real write path, the back-office editor's
 * `saveListing` (one transaction, then the "listings" announcement every process hears), and then polls each server
 * on its own until its GET /api/listings answers a search for the new name with the listing under that name. Timed
 * from the save's return (its commit and announcement). Several renames while idle, then several while 16 clients
 * load new /listings URLs on the two servers; each renamed listing gets its name back at the end.
 */
import http from "node:http";
import { sql } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
import { getListingForEdit } from "~/features/listing-editor/get-listing-for-edit.server.ts";
import { parseListingForm } from "~/features/listing-editor/listing-form.ts";
import { toFormValues } from "~/features/listing-editor/listing-snapshot.ts";
import { saveListing } from "~/features/listing-editor/save-listing.server.ts";
import { openDatabase, type Database } from "~/lib/db.server.ts";
import { startServer, type RunningServer } from "./server.ts";
import { round, summarize, type LatencySummary } from "./stats.ts";

const WRITE_PATH = "the editor's saveListing (one transaction, then announceChange('listings'))";
const ADMIN = { id: "bench-change-visibility-admin" };
const POLL_GAP_MS = 25;

export interface RenameSample {
  load: "idle" | "busy";
  listingId: string;
  saveMs: number;
  /** Per server, ms from the save's return until it answered the new name; null: not within the time limit. */
  visibleMs: Array<number | null>;
}

export interface ChangeVisibilityResult {
  writePath: string;
  servers: number;
  timeoutS: number;
  samples: RenameSample[];
  /** Per load, over the slower of the two servers of each rename (a timed-out rename counts as the limit). */
  idle: { median: number; max: number; timeouts: number; count: number };
  busy: { median: number; max: number; timeouts: number; count: number };
  busyLoad: { clients: number; requests: number; errors: number; latency: LatencySummary } | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A word no demo text has, different each run (letters only: the search reads it as one word). */
function token(runTag: string, i: number): string {
  const letters = (n: number) => {
    let out = "";
    do {
      out += String.fromCharCode(97 + (n % 26));
      n = Math.floor(n / 26);
    } while (n > 0);
    return out;
  };
  return `zorbq${runTag}${letters(i)}`;
}

/** The admin the benchmark's saves are recorded under (the audit log names a user). */
export async function ensureBenchAdmin(database: Database): Promise<void> {
  await database.db
    .insert(users)
    .values({ id: ADMIN.id, name: "Bench change visibility", email: `${ADMIN.id}@bench.invalid`, emailVerified: true, role: "admin" })
    .onConflictDoNothing();
}

/** A rename as the back-office editor saves it: the listing's form values with another name. */
export async function renameListing(database: Database, id: string, name: string): Promise<void> {
  const editable = await getListingForEdit(database, id);
  if (!editable) throw new Error(`listing ${id} is gone`);
  const values = toFormValues(editable);
  values.fields.name = name;
  const parsed = parseListingForm(values);
  if (!parsed.ok) throw new Error(`the editor refused the rename: ${JSON.stringify(parsed.errors)}`);
  const saved = await saveListing(database, { id, admin: ADMIN, input: parsed.data });
  if (!saved.ok) throw new Error(`the save was refused: ${JSON.stringify(saved)}`);
}

/** One GET on a connection of its own (node:http, no pooling: a poll never waits behind another request). */
function getJson(url: string, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { accept: "application/json" }, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        try {
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
        } catch (error) {
          reject(error as Error);
        }
      });
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", reject);
  });
}

/** Polls one server until a search for the token answers the listing under its new name. */
async function visibleOn(origin: string, id: string, name: string, word: string, deadline: number): Promise<number | null> {
  const started = performance.now();
  while (performance.now() < deadline) {
    try {
      const { status, body } = await getJson(`${origin}/api/listings?searchQuery=${word}`, Math.max(1000, deadline - performance.now()));
      const cards = (body as { data?: Array<{ id: string; name: string }> }).data;
      if (status === 200 && cards?.some((card) => card.id === id && card.name === name)) return round(performance.now() - started);
    } catch {
      // timed out or refused: try again until the deadline
    }
    await sleep(POLL_GAP_MS);
  }
  return null;
}

/** Closed-loop clients on new /listings URLs, spread over the servers, until stopped. */
function startLoad(origins: string[], paths: string[], clients: number) {
  let next = 0;
  let running = true;
  const times: number[] = [];
  let errors = 0;
  const client = async (i: number) => {
    while (running) {
      const start = performance.now();
      try {
        const response = await fetch(origins[i % origins.length]! + paths[next++ % paths.length]!, {
          headers: { accept: "text/html", "accept-encoding": "gzip, deflate, br" },
          signal: AbortSignal.timeout(60_000),
        });
        await response.arrayBuffer();
        if (response.ok) times.push(performance.now() - start);
        else errors++;
      } catch {
        errors++;
      }
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  return async () => {
    running = false;
    await done;
    return { clients, requests: times.length + errors, errors, latency: summarize(times) };
  };
}

const worst = (s: RenameSample, limitMs: number) => Math.max(...s.visibleMs.map((v) => v ?? limitMs));
function summaryOf(samples: RenameSample[], limitMs: number) {
  const worstTimes = samples.map((s) => worst(s, limitMs)).sort((a, b) => a - b);
  return {
    median: worstTimes.length ? round(worstTimes[Math.floor((worstTimes.length - 1) / 2)]!) : Number.NaN,
    max: worstTimes.length ? round(worstTimes.at(-1)!) : Number.NaN,
    timeouts: samples.filter((s) => s.visibleMs.some((v) => v === null)).length,
    count: samples.length,
  };
}

async function measureChangeVisibility(options: {
  database: Database;
  servers: RunningServer[];
  renames: number;
  clients: number;
  timeoutS: number;
  loadPaths: string[];
  log: (line: string) => void;
}): Promise<ChangeVisibilityResult> {
  const { database, servers, log } = options;
  await ensureBenchAdmin(database);
  // Public startups far from the top of the list, a different one per rename.
  const picked = await database.rows<{ id: string; name: string }>(sql`
    SELECT id, name FROM listings WHERE processing_status = 'published' AND visibility = 'public' AND type = 'startup'
    ORDER BY id OFFSET 1000 LIMIT ${options.renames * 2}`);
  if (picked.length < options.renames * 2) throw new Error("not enough public startups to rename");
  const runTag = Date.now().toString(36).replace(/[0-9]/g, "");
  const limitMs = options.timeoutS * 1000;
  const samples: RenameSample[] = [];
  const renamed: Array<{ id: string; name: string }> = [];
  let stopLoad: (() => Promise<ChangeVisibilityResult["busyLoad"]>) | null = null;
  let busyLoad: ChangeVisibilityResult["busyLoad"] = null;
  try {
    for (const [i, listing] of picked.entries()) {
      const load = i < options.renames ? "idle" : "busy";
      if (load === "busy" && !stopLoad) {
        log(`change visibility: ${options.clients} clients on new /listings URLs of both servers`);
        stopLoad = startLoad(
          servers.map((s) => s.origin),
          options.loadPaths,
          options.clients,
        );
        await sleep(3000);
      }
      const word = token(runTag, i);
      const name = `${listing.name} ${word}`;
      const start = performance.now();
      await renameListing(database, listing.id, name);
      renamed.push(listing);
      const saved = performance.now();
      const deadline = saved + limitMs;
      const visibleMs = await Promise.all(servers.map((s) => visibleOn(s.origin, listing.id, name, word, deadline)));
      samples.push({ load, listingId: listing.id, saveMs: round(saved - start), visibleMs });
      log(
        `change visibility (${load}) ${samples.length}/${picked.length}: ${visibleMs.map((v) => (v === null ? `> ${options.timeoutS} s` : `${(v / 1000).toFixed(2)} s`)).join(" / ")}`,
      );
      await sleep(1000);
    }
  } finally {
    if (stopLoad) busyLoad = await stopLoad();
    for (const listing of renamed) await renameListing(database, listing.id, listing.name).catch(() => {});
  }
  return {
    writePath: WRITE_PATH,
    servers: servers.length,
    timeoutS: options.timeoutS,
    samples,
    idle: summaryOf(
      samples.filter((s) => s.load === "idle"),
      limitMs,
    ),
    busy: summaryOf(
      samples.filter((s) => s.load === "busy"),
      limitMs,
    ),
    busyLoad,
  };
}

const running: RunningServer[] = [];

/** Stops the phase's servers (also when the benchmark is interrupted). */
export async function stopChangeServers(): Promise<void> {
  for (const server of running.splice(0)) await server.stop();
}

/**
 * The phase: two single-process production servers on `ports` against the PostgreSQL at `url` (started, measured and
 * stopped here), then the renames.
 */
export async function changeVisibilityPhase(options: {
  url: string;
  ports: [number, number];
  renames: number;
  clients: number;
  timeoutS: number;
  loadPaths: string[];
  startTimeoutMs: number;
  log: (line: string) => void;
}): Promise<ChangeVisibilityResult> {
  const servers = running;
  const database = await openDatabase({ url: options.url });
  try {
    for (const [i, port] of options.ports.entries())
      servers.push(
        await startServer({
          port,
          name: `postgres-single-${i + 1}`,
          databaseUrl: options.url,
          workers: 1,
          startTimeoutMs: options.startTimeoutMs,
          log: options.log,
        }),
      );
    return await measureChangeVisibility({ ...options, database, servers });
  } finally {
    await stopChangeServers();
    await database.close();
  }
}
