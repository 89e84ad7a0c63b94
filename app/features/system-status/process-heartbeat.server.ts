/**
 * Each server process says it is alive in `server_processes` every few seconds (decision 0107), with the release it
 * runs and the directory index it serves, so that /admin/system lists every process of every machine from the
 * database. A process that stopped writing drops off the page after a minute; its row is pruned after a day.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { eq, lt } from "drizzle-orm";
import { serverProcesses } from "#db/schema/index.ts";
import { directoryIndexFacts } from "~/features/directory/search-index/directory-index.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import type { ReleaseInfo } from "./release-info.server.ts";

export const HEARTBEAT_EVERY_MS = 10_000;
/** A process is "seen recently" when it wrote within this: six missed beats. */
export const SEEN_RECENTLY_MS = 60_000;
/** Rows of processes silent this long are deleted. */
export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export interface HeartbeatOptions {
  release: ReleaseInfo;
  now?: () => Date;
  everyMs?: number;
  /** Fixed in tests that write two processes' rows; by default host:pid:random. */
  processKey?: string;
  host?: string;
  pid?: number;
}

/** Writes this process's row once (and prunes the rows of processes silent for a day). */
export async function writeHeartbeat(
  database: Database,
  row: { processKey: string; host: string; pid: number; startedAt: Date },
  release: ReleaseInfo,
  now: Date,
): Promise<void> {
  const index = directoryIndexFacts(database);
  const values = {
    version: release.version,
    commit: release.commit,
    lastSeenAt: now,
    indexGeneration: index?.generation ?? null,
    lastIndexBuildAt: index?.lastBuild.at ?? null,
    lastIndexBuildMs: index?.lastBuild.ms ?? null,
    lastIndexBuildListings: index?.lastBuild.listings ?? null,
  };
  await database.db
    .insert(serverProcesses)
    .values({ ...row, ...values })
    .onConflictDoUpdate({ target: serverProcesses.processKey, set: values });
  await database.db.delete(serverProcesses).where(lt(serverProcesses.lastSeenAt, new Date(now.getTime() - FORGET_AFTER_MS)));
}

export interface Heartbeat {
  /** Resolves when the beat under way (the first one, just after start) has been written or has failed. */
  written(): Promise<void>;
  /** Stops beating and removes this process's row: a process that stopped cleanly is gone at once, not a minute later. */
  stop(): Promise<void>;
}

/** Starts this process's heartbeat, the first beat at once. */
export function startProcessHeartbeat(database: Database, options: HeartbeatOptions): Heartbeat {
  const now = options.now ?? (() => new Date());
  const row = {
    processKey: options.processKey ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    host: options.host ?? hostname(),
    pid: options.pid ?? process.pid,
    startedAt: now(),
  };
  let beating: Promise<void> = Promise.resolve();
  const beat = () => {
    beating = writeHeartbeat(database, row, options.release, now()).catch((error: unknown) => {
      // A missed beat only makes the page show this process late; the next one tries again.
      logger.warn({ err: error }, "could not write this process's heartbeat");
    });
  };
  beat();
  const timer = setInterval(beat, options.everyMs ?? HEARTBEAT_EVERY_MS);
  timer.unref();
  return {
    written: () => beating,
    async stop() {
      clearInterval(timer);
      await beating;
      await database.db
        .delete(serverProcesses)
        .where(eq(serverProcesses.processKey, row.processKey))
        .catch(() => {});
    },
  };
}
