/**
 * `Authorization: Bearer <key>` on the JSON API (issue 18 §1, decision 0061). server/app.ts asks this once per
 * request to a keyed path, before anything else reads the request's user: the key's owner becomes the request's
 * user, with their tier as the database has it now and never the admin role, so every JSON endpoint gates and
 * counts exactly as it does for that member in the browser.
 *
 * Every keyed call is counted twice, each count one statement that cannot be raced past its limit: per minute per
 * member in `rate_limit_windows` (app/lib/rate-limit.server.ts) and per month as `api_call` against the tier's
 * "API calls" quota (recordUsage). A refused call is answered 429 with Retry-After and reaches no route. A HEAD
 * request counts neither (decision 0069).
 */
import { hasFeature } from "~/features/access/features.ts";
import { API_CALL, startOfNextMonth } from "~/features/access/quotas.ts";
import { getTierDefinitions } from "~/features/access/tier-records.server.ts";
import { normalizeLevel } from "~/features/access/tiers.ts";
import { recordUsage } from "~/features/access/usage.server.ts";
import { ACCOUNT_DISABLED_KEY_MESSAGE } from "~/lib/account-disabled.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { countApiCall } from "~/lib/metrics.server.ts";
import { countAttempt, defineRateLimit, peekAttempt, type RateLimit } from "~/lib/rate-limit.server.ts";
import { spendsNothing } from "~/lib/read-only-request.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { parseBearer } from "./api-key-secret.ts";
import { findApiKey, lastUsedIsStale, touchApiKey } from "./api-keys.server.ts";
import { rateLimitHeaders, type Allowance } from "./rate-limit-headers.ts";

/**
 * Paths where a key stands for its owner: the JSON API, except the operator endpoints (a key never acts as an
 * admin), sign-in and session management, and buying a plan (a key reads and uses the directory; it does not run
 * the account that made it).
 */
const NOT_FOR_KEYS = ["/api/admin/", "/api/debug/", "/api/auth/", "/api/billing/"];
/** Public and the same for everyone: a key sent along is not looked at, and no call is counted. */
const OPEN_TO_ALL = ["/api/openapi.json"];

/**
 * Whether a key stands for its owner at a route path of app/routes.ts ("/api/listings/:type/:slug"). Asked of the
 * route a request resolves to (server/route-table.ts), never of the path as sent: "/api/x/../../settings" and
 * "/API/listings" are other spellings the server has dealt with before this (decision 0069). Compared exactly, as
 * the routes match.
 */
export function isKeyedApiPath(path: string): boolean {
  return path.startsWith("/api/") && !NOT_FOR_KEYS.some((prefix) => path.startsWith(prefix)) && !OPEN_TO_ALL.includes(path);
}

/** Calls per member per minute, whatever their quota: a burst cannot spend a month in seconds or load the server. */
function apiCallsPerMinute(): RateLimit {
  return defineRateLimit({ name: "api-calls", limit: getEnv().API_CALLS_PER_MINUTE, windowSeconds: 60 });
}

const REALM = 'Bearer realm="Introbase API"';

export type ApiKeyOutcome =
  | { ok: true; user: SessionUser; headers: Record<string, string> }
  | { ok: false; status: 401 | 403 | 429; message: string; headers: Record<string, string> };

const unauthorized = (message: string): ApiKeyOutcome => ({
  ok: false,
  status: 401,
  message,
  headers: { "WWW-Authenticate": `${REALM}, error="invalid_token"` },
});

export interface ApiKeyCheckOptions {
  now?: Date;
  perMinute?: RateLimit;
}

/** What a request carrying an Authorization header may do: go on as the key's owner, or the refusal to send. */
export async function authenticateApiKey(
  database: Database,
  header: string,
  { now = new Date(), perMinute = apiCallsPerMinute() }: ApiKeyCheckOptions = {},
): Promise<ApiKeyOutcome> {
  const parsed = parseBearer(header);
  if (parsed.kind === "absent") return unauthorized("No API key was sent.");
  if (parsed.kind === "malformed") return unauthorized(parsed.message);
  const found = await findApiKey(database, parsed.secret);
  // An account that may not sign in (an unconfirmed address, DESIGN D15) has no keys either.
  if (!found || !found.user.emailVerified)
    return unauthorized("Unknown API key. Check that it was copied whole, or create a new one in Settings.");
  if (found.revokedAt) return unauthorized("This API key was revoked. Create a new one in Settings.");
  // An operator disabled the account (decision 0081): its keys stop with its sign-in, and start again with it.
  if (found.user.disabledAt) return { ok: false, status: 403, message: ACCOUNT_DISABLED_KEY_MESSAGE, headers: {} };

  const tier = normalizeLevel(found.user.tier);
  const { tiers } = await getTierDefinitions(database);
  if (!hasFeature("api_access", tier, tiers[tier])) {
    countApiCall(tier, "refused");
    return {
      ok: false,
      status: 403,
      message: `Your plan (${tiers[tier].displayName}) does not include API access. Upgrade your plan to use this key.`,
      headers: {},
    };
  }

  // A HEAD request (decision 0069) is told where the member stands and spends nothing: recordUsage below reads the same.
  const minute = await (spendsNothing() ? peekAttempt : countAttempt)(database, perMinute, found.user.id, { now: now.getTime() });
  const minuteAllowance: Allowance = {
    policy: "minute",
    limit: perMinute.limit,
    remaining: minute.remaining,
    resetSeconds: minute.retryAfterSeconds,
    windowSeconds: perMinute.windowSeconds,
  };
  if (!minute.allowed) {
    countApiCall(tier, "refused");
    return {
      ok: false,
      status: 429,
      message: `Too many API calls: at most ${perMinute.limit} a minute. Try again in ${minute.retryAfterSeconds} seconds.`,
      headers: { ...rateLimitHeaders([minuteAllowance]), "Retry-After": String(minute.retryAfterSeconds) },
    };
  }

  const subject = { id: found.user.id, tier };
  const month = await recordUsage(database, subject, API_CALL, { now });
  const monthAllowance = monthlyAllowance(month.limit ?? 0, month.remaining ?? 0, now);
  const headers = rateLimitHeaders([minuteAllowance, monthAllowance]);
  if (!month.allowed) {
    countApiCall(tier, "refused");
    return {
      ok: false,
      status: 429,
      message: `You've reached your monthly API calls limit (${month.limit}). It resets on ${startOfNextMonth(now).toISOString().slice(0, 10)}; upgrade for more.`,
      headers: { ...rateLimitHeaders([monthAllowance]), "Retry-After": String(monthAllowance.resetSeconds) },
    };
  }

  if (lastUsedIsStale(found.lastUsedAt, now)) await touchApiKey(database, found.keyId, now);
  const user: SessionUser = {
    id: found.user.id,
    name: found.user.name,
    email: found.user.email,
    picture: found.user.image,
    // Never admin, whoever owns the key and whatever ADMIN_EMAILS says.
    role: "user",
    tier,
    // A team's key (decision 0121) carries its team: the lists endpoints reach that team's lists alone.
    ...(found.teamId ? { keyTeamId: found.teamId } : {}),
  };
  countApiCall(tier, "allowed");
  return { ok: true, user, headers };
}

function monthlyAllowance(limit: number, remaining: number, now: Date): Allowance {
  const next = startOfNextMonth(now);
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return {
    policy: "month",
    limit,
    remaining,
    resetSeconds: Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000)),
    windowSeconds: Math.round((next.getTime() - start) / 1000),
  };
}
