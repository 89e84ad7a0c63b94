/**
 * Vitest global setup of the database tests: migrates one database before any test file runs, for
 * `openTestDatabase` (tests/support/test-database.ts) to give each test file its own copy of (decision 0042), and
 * removes it when the run ends. Runs in Vitest's main process, where `inject` is not available: hence
 * `provide`, and no import of tests/support/test-database.ts here.
 *
 * On PGlite the migrated snapshot is also kept for the next run (decision 0099), in node_modules/.cache: making it
 * (initdb and every migration) takes some 3 s before any test can start. It is kept under a hash of everything it
 * is made from (the migrations, PGlite's version, the code that opens and dumps the database), so a new migration, a
 * PGlite upgrade or a change to that code makes a new one; only the newest is kept.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { prepareMigratedSource, testServerUrl } from "./migrated-test-database.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CACHE = path.join(ROOT, "node_modules/.cache/introbase-test-snapshot");
/** What the snapshot is made from, besides the migrations folder and PGlite's package. */
const MADE_BY = ["app/lib/db.server.ts", "tests/support/migrated-test-database.ts", "tests/support/migrated-database.global.ts"];

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!testServerUrl()) {
    const kept = path.join(CACHE, `${await snapshotKey()}-migrated.tar`);
    if (!existsSync(kept)) {
      const { source, remove } = await prepareMigratedSource();
      try {
        await keep(source.pgliteSnapshot!, kept);
      } finally {
        await remove();
      }
    }
    project.provide("migratedDatabase", { pgliteSnapshot: kept });
    return async () => {};
  }
  const { source, remove } = await prepareMigratedSource();
  project.provide("migratedDatabase", source);
  return remove;
}

async function snapshotKey(): Promise<string> {
  const hash = createHash("sha256");
  const migrations = path.join(ROOT, "db/migrations");
  const files = (await readdir(migrations, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const file of [...files, ...MADE_BY, "node_modules/@electric-sql/pglite/package.json"]) {
    hash.update(`${file}\n`);
    hash.update(await readFile(path.join(ROOT, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

/** Into the cache under its final name at once (another run may be reading the cache), older snapshots removed. */
async function keep(made: string, kept: string): Promise<void> {
  await mkdir(CACHE, { recursive: true });
  const partial = `${kept}.${process.pid}.partial`;
  await copyFile(made, partial);
  await rename(partial, kept);
  for (const name of await readdir(CACHE)) {
    if (name !== path.basename(kept) && !name.endsWith(".partial")) await rm(path.join(CACHE, name), { force: true });
  }
}
