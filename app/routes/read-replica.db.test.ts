/**
 * DATABASE_READ_URL (decision 0053) with a real second connection: the "replica" is a copy of the primary database
 * whose taglines were then changed, so every answer says which database it was read from. Directory and profile
 * reads of visitors go there; operators, a client that has just written, and everyone for a few seconds after
 * listings changed read the primary. PostgreSQL only (`npm run test:pg`); without a replica (PGlite included) the
 * loaders read the one database, as every other route test shows.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import { openDatabase, type Database } from "~/lib/db.server.ts";
import { READ_YOUR_WRITES_MS, RECENT_WRITE_COOKIE } from "~/lib/read-database.server.ts";
import { testServerUrl, withDatabaseName } from "#test-support/test-database.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import { markRecentWrites } from "../../server/recent-writes.ts";
import { loader as listingApi } from "./api.listing.ts";
import { loader as listingsApi } from "./api.listings.ts";
import { loader as directoryPage } from "./directory.tsx";
import { loader as profilePage } from "./profile.tsx";

const serverUrl = testServerUrl();
const REPLICA = "Replica: ";
const ADMIN = testUser("premium", "admin");
const MEMBER = testUser("subscriber");
const T = new Date("2031-05-01T10:00:00Z");

let database: Database;
let names: string[] = [];
let startup: { slug: string; tagline: string };

async function onServer<T>(work: (admin: postgres.Sql) => Promise<T>): Promise<T> {
  const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  try {
    return await work(admin);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

type Args = Parameters<typeof listingsApi>[0];
type Options = Parameters<typeof loaderArgs>[3];
/** A route's loader called the way React Router calls it, on the database with its replica. */
const call = <A, R>(loader: (args: A) => R, path: string, params: Record<string, string> = {}, options: Options = {}) =>
  loader(loaderArgs<A>(database, path, params, options));

/** Where the directory API's answer was read: every tagline of the replica starts with REPLICA, none of the primary. */
async function directorySource(options: Options = {}): Promise<"replica" | "primary"> {
  const answer = (await call(listingsApi, "/api/listings?pageSize=100", {}, options)) as Response;
  const { data } = (await answer.json()) as { data: Array<{ tagline: string | null }> };
  return sourceOf(data.map((item) => item.tagline));
}

function sourceOf(taglines: Array<string | null | undefined>): "replica" | "primary" {
  const seen = taglines.filter((t): t is string => typeof t === "string");
  expect(seen.length).toBeGreaterThan(0);
  if (seen.every((t) => t.startsWith(REPLICA))) return "replica";
  expect(seen.some((t) => t.startsWith(REPLICA))).toBe(false);
  return "primary";
}

describe.skipIf(!serverUrl)("directory and profile reads with DATABASE_READ_URL", () => {
  beforeAll(async () => {
    const template = inject("migratedDatabase")?.templateDatabase;
    const suffix = `${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    names = [`rr_primary_${suffix}`, `rr_replica_${suffix}`];
    const [primaryName, replicaName] = names as [string, string];
    await onServer((admin) => admin.unsafe(`CREATE DATABASE ${primaryName}${template ? ` TEMPLATE ${template}` : ""}`));
    const seeding = await openDatabase({ url: withDatabaseName(serverUrl!, primaryName) });
    try {
      await seeding.migrate();
      await seedListings(seeding, 60);
    } finally {
      await seeding.close();
    }
    // The replica: the same rows, ids included, and then taglines that say where they were read.
    await onServer((admin) => admin.unsafe(`CREATE DATABASE ${replicaName} TEMPLATE ${primaryName}`));
    const marking = await openDatabase({ url: withDatabaseName(serverUrl!, replicaName) });
    try {
      await marking.rows(sql`UPDATE listings SET tagline = ${REPLICA} || name WHERE tagline IS NOT NULL`);
    } finally {
      await marking.close();
    }
    database = await openDatabase({ url: withDatabaseName(serverUrl!, primaryName), readUrl: withDatabaseName(serverUrl!, replicaName) });
    // A public startup with a public startup sharing an industry, so its profile lists a similar one.
    const [row] = await database.rows<{ slug: string; tagline: string }>(sql`
      SELECT l.slug, l.tagline FROM listings l
      WHERE l.type = 'startup' AND l.visibility = 'public' AND l.processing_status = 'published' AND l.tagline IS NOT NULL
        AND EXISTS (SELECT 1 FROM listings o WHERE o.type = 'startup' AND o.id <> l.id AND o.visibility = 'public'
          AND o.processing_status = 'published' AND o.tagline IS NOT NULL AND o.industry_ids && l.industry_ids)
      ORDER BY l.name LIMIT 1`);
    startup = row!;
    // The operator exists on the primary only (a view they spend is written there).
    await database.rows(sql`INSERT INTO users (id, name, email, email_verified, role, tier)
      VALUES (${ADMIN.id}, ${ADMIN.name}, ${ADMIN.email}, true, 'admin', 'premium')`);
  });

  afterAll(async () => {
    vi.useRealTimers();
    await database?.close();
    for (const name of names) await onServer((admin) => admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it("opens the replica as a second connection that is never migrated", async () => {
    expect(database.replica).toBeDefined();
    const [here] = await database.rows<{ name: string }>(sql`SELECT current_database() AS name`);
    const [there] = await database.replica!.rows<{ name: string }>(sql`SELECT current_database() AS name`);
    expect([here!.name, there!.name]).toEqual(names);
    await expect(database.replica!.migrate()).rejects.toThrow("a read replica is never migrated");
  });

  it("reads the directory API, the directory page and profiles of visitors and members from the replica", async () => {
    expect(await directorySource()).toBe("replica");
    expect(await directorySource({ user: MEMBER })).toBe("replica");

    const page = await call(directoryPage, "/listings?pageSize=100");
    expect(sourceOf(page.result.data.map((item) => item.tagline))).toBe("replica");

    const profile = await call(profilePage, `/profile/startup/${startup.slug}`, { type: "startup", slug: startup.slug });
    if (!("status" in profile) || profile.status !== "ok") throw new Error("expected a profile");
    expect(profile.listing.tagline).toMatch(new RegExp(`^${REPLICA}`));
    expect(profile.similar.length).toBeGreaterThan(0);
    expect(sourceOf(profile.similar.map((s) => s.tagline))).toBe("replica");

    const api = (await call(listingApi, `/api/listings/startup/${startup.slug}`, { type: "startup", slug: startup.slug })) as Response;
    expect(((await api.json()) as { data: { tagline: string } }).data.tagline).toMatch(new RegExp(`^${REPLICA}`));
  });

  it("reads everything an operator sees from the primary", async () => {
    expect(await directorySource({ user: ADMIN })).toBe("primary");
    const profile = await call(profilePage, `/profile/startup/${startup.slug}`, { type: "startup", slug: startup.slug }, { user: ADMIN });
    if (!("status" in profile) || profile.status !== "ok") throw new Error("expected a profile");
    expect(profile.listing.tagline).toBe(startup.tagline);
    const [views] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listing_views WHERE user_id = ${ADMIN.id}`);
    expect(views!.n).toBe(1);
  });

  it("opens the replica at start, and stops the start naming DATABASE_READ_URL when it does not answer", async () => {
    const [primaryUrl, replicaUrl] = names.map((name) => withDatabaseName(serverUrl!, name)) as [string, string];
    const start = async (readUrl: string) => {
      Object.assign(process.env, { DATABASE_URL: primaryUrl, DATABASE_READ_URL: readUrl, SEED_LISTINGS: "0" });
      vi.resetModules();
      const { getDatabase } = await import("~/lib/database.server.ts");
      return getDatabase();
    };
    const started = await start(replicaUrl);
    try {
      const [there] = await started.replica!.rows<{ name: string }>(sql`SELECT current_database() AS name`);
      expect(there!.name).toBe(names[1]);
    } finally {
      await started.close();
    }
    await expect(start("postgres://postgres@127.0.0.1:1/nothing")).rejects.toThrow(
      /^DATABASE_READ_URL: connection refused at 127\.0\.0\.1:1 /,
    );
  });

  it("after a write, reads the same client's pages from the primary, over real HTTP", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T);
    // The app's own middleware in front of two routes: the directory API, and a save that writes a listing.
    const app = express();
    app.use(markRecentWrites(false));
    app.get("/api/listings", async (req, res) => {
      const request = new Request(`http://localhost${req.url}`, { headers: { cookie: req.get("cookie") ?? "" } });
      const answer = (await listingsApi(loaderArgs<Args>(database, request.url, {}, { init: { headers: request.headers } }))) as Response;
      res.status(answer.status).json(await answer.json());
    });
    app.post("/save", async (_req, res) => {
      await database.rows(sql`UPDATE listings SET tagline = 'Saved just now' WHERE slug = ${startup.slug}`);
      await announceChange(database, "listings");
      res.status(204).end();
    });
    const server: Server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const taglinesOf = async (cookie?: string) => {
      const answer = await fetch(`${base}/api/listings?pageSize=100`, { headers: cookie ? { cookie } : {} });
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { data: Array<{ tagline: string | null }> }).data.map((item) => item.tagline);
    };
    try {
      expect(sourceOf(await taglinesOf())).toBe("replica");

      const saved = await fetch(`${base}/save`, { method: "POST" });
      expect(saved.status).toBe(204);
      const cookie = saved.headers
        .getSetCookie()
        .find((c) => c.startsWith(`${RECENT_WRITE_COOKIE}=`))!
        .split(";")[0]!;

      // At once: the writer sees the save, and so does everyone else while the replica may still be catching up.
      expect(await taglinesOf(cookie)).toContain("Saved just now");
      expect(await taglinesOf()).toContain("Saved just now");

      // Later, the others read the replica again (this one never receives the save), the writer until its cookie lapses.
      vi.setSystemTime(T.getTime() + READ_YOUR_WRITES_MS);
      expect(await taglinesOf(cookie)).toContain("Saved just now");
      const others = await taglinesOf();
      expect(sourceOf(others)).toBe("replica");
      expect(others).not.toContain("Saved just now");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
