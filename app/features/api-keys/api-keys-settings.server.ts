/** The API-keys section of /settings: its loader data and its two form intents (create, revoke). */
import { hasFeature } from "~/features/access/features.ts";
import { getTierDefinitions } from "~/features/access/tier-records.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { memberTeams, teamMembership } from "../teams/team-membership.server.ts";
import { CREATE_API_KEY, REVOKE_API_KEY, createApiKeySchema, revokeApiKeySchema, type ApiKeyFormResult } from "./api-key-form.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys.server.ts";

export interface ApiKeysSectionData {
  /** Whether the member's plan includes API access (their keys work, and they may make new ones). */
  allowed: boolean;
  /** The server's now, for "last used 5 minutes ago" (the same words in the server's HTML and after hydration). */
  now: string;
  /** The member's teams, each a scope a new key may have (decision 0121). */
  teams: Array<{ id: string; name: string }>;
  keys: Array<{
    id: string;
    name: string;
    team: string | null;
    prefix: string;
    createdAt: string;
    lastUsedAt: string | null;
    revokedAt: string | null;
  }>;
}

async function planAllowsApi(database: Database, user: SessionUser): Promise<boolean> {
  const { tiers } = await getTierDefinitions(database);
  return hasFeature("api_access", user.tier, tiers[user.tier]);
}

export async function apiKeysSectionData(database: Database, user: SessionUser, now = new Date()): Promise<ApiKeysSectionData> {
  const [allowed, keys, teams] = await Promise.all([
    planAllowsApi(database, user),
    listApiKeys(database, user.id),
    memberTeams(database, user.id),
  ]);
  const teamName = new Map(teams.map((t) => [t.teamId, t.teamName]));
  return {
    allowed,
    now: now.toISOString(),
    teams: teams.map((t) => ({ id: t.teamId, name: t.teamName })),
    keys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      // A team the member has left shows as such: the key no longer reaches its lists.
      team: k.teamId ? (teamName.get(k.teamId) ?? "a team you left") : null,
      prefix: k.prefix,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
      revokedAt: k.revokedAt?.toISOString() ?? null,
    })),
  };
}

/** The section's answer to a settings form, or null when the form is another section's. */
export async function apiKeysAction(database: Database, user: SessionUser, form: Record<string, unknown>) {
  if (form.intent === CREATE_API_KEY) {
    const parsed = parseForm(createApiKeySchema, form);
    if (!parsed.ok) return formRefused<"name" | "scope">("bad_request", { ...refused(parsed), intent: CREATE_API_KEY });
    if (!(await planAllowsApi(database, user)))
      return formRefused<"name">("forbidden", {
        intent: CREATE_API_KEY,
        message: "Your plan does not include API access.",
        values: parsed.data,
      });
    const teamId = parsed.data.scope || null;
    if (teamId && !(await teamMembership(database, user.id, teamId)))
      return formRefused<"scope">("not_found", {
        intent: CREATE_API_KEY,
        errors: { scope: "You are not in this team." },
        values: parsed.data,
      });
    try {
      const { secret, key } = await createApiKey(database, user.id, parsed.data.name, new Date(), teamId);
      return formDone<"name", ApiKeyFormResult["data"]>({ intent: CREATE_API_KEY, target: key.id, data: { secret, name: key.name } });
    } catch (error) {
      return formRefusedBy<"name">(error, { intent: CREATE_API_KEY, values: parsed.data });
    }
  }
  if (form.intent === REVOKE_API_KEY) {
    const parsed = parseForm(revokeApiKeySchema, form);
    if (!parsed.ok)
      return formRefused<"keyId">("bad_request", { ...refused(parsed), intent: REVOKE_API_KEY, message: "That key was not found." });
    const revoked = await revokeApiKey(database, user.id, parsed.data.keyId);
    if (!revoked)
      return formRefused<"keyId">("not_found", {
        intent: REVOKE_API_KEY,
        target: parsed.data.keyId,
        message: "That key was not found, or was already revoked.",
      });
    return formDone<"keyId">({ intent: REVOKE_API_KEY, target: parsed.data.keyId, message: "Key revoked: it no longer works." });
  }
  return null;
}
