/** A member's API keys: made, listed and revoked from /settings, looked up by the API's Bearer check. */
import { and, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { apiKeys } from "#db/schema/api-keys.ts";
import { users } from "#db/schema/accounts.ts";
import { withinLimit } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { hashApiKey, newApiKey } from "./api-key-secret.ts";

/** Keys a member may hold at once (revoked ones do not count): enough for every integration, not a key per call. */
export const MAX_ACTIVE_KEYS = 10;

export interface ApiKeyRow {
  id: string;
  name: string;
  /** Null: the member's key; set: a team's key, reaching that team's lists only (decision 0121). */
  teamId: string | null;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const listed = {
  id: apiKeys.id,
  name: apiKeys.name,
  teamId: apiKeys.teamId,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

/**
 * Makes a key for the member and returns its secret, the only time it exists outside the request. The count of
 * active keys and the insert are one locked step (atomic-limit.server.ts), so parallel submissions cannot pass the
 * limit.
 */
export async function createApiKey(
  database: Database,
  userId: string,
  name: string,
  now = new Date(),
  /** A team's key (the caller checked that the member is in it); null: the member's own. */
  teamId: string | null = null,
): Promise<{ secret: string; key: ApiKeyRow }> {
  const made = newApiKey();
  const outcome = await withinLimit(database, {
    key: `api-keys:${userId}`,
    limit: MAX_ACTIVE_KEYS,
    used: async ({ db }) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
      return row?.n ?? 0;
    },
    use: async ({ db }) => {
      const [row] = await db
        .insert(apiKeys)
        .values({ userId, teamId, name, prefix: made.prefix, secretHash: made.hash, createdAt: now })
        .returning(listed);
      return row!;
    },
  });
  if (!outcome.allowed)
    throw new AppError("conflict", `You already have ${MAX_ACTIVE_KEYS} active API keys. Revoke one you no longer use first.`);
  return { secret: made.secret, key: outcome.value };
}

/** The member's keys, newest first, revoked ones included (so they can see when a key stopped working). */
export async function listApiKeys({ db }: Database, userId: string): Promise<ApiKeyRow[]> {
  return db.select(listed).from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Revokes one of the member's own keys; false when there is no such active key of theirs. */
export async function revokeApiKey({ db }: Database, userId: string, keyId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length === 1;
}

export interface KeyOwner {
  keyId: string;
  teamId: string | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  user: { id: string; name: string; email: string; image: string | null; tier: string; emailVerified: boolean; disabledAt: Date | null };
}

/** The key whose secret this is, with its owner as the database has them now; null for an unknown key. */
export async function findApiKey({ db }: Database, secret: string): Promise<KeyOwner | null> {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      teamId: apiKeys.teamId,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        image: users.image,
        tier: users.tier,
        emailVerified: users.emailVerified,
        disabledAt: users.disabledAt,
      },
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.secretHash, hashApiKey(secret)))
    .limit(1);
  return row ?? null;
}

/** How stale last_used_at may be: a busy key writes its row at most once a minute, not once a call (decision 0061). */
const LAST_USED_PRECISION_MS = 60_000;

export function lastUsedIsStale(lastUsedAt: Date | null, now: Date): boolean {
  return lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= LAST_USED_PRECISION_MS;
}

/**
 * Moves last_used_at to `now` when it is stale. The condition is repeated in the statement, so servers racing on
 * one key write it once.
 */
export async function touchApiKey({ db }: Database, keyId: string, now: Date): Promise<void> {
  const threshold = new Date(now.getTime() - LAST_USED_PRECISION_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, threshold))));
}
