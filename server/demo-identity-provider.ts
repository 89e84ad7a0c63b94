/**
 * The local OpenID provider that stands in for Google or LinkedIn when no real client credentials are set
 * (DESIGN D9: the real client code runs, only the far end is local). Served on our own origin under
 * /dev/oidc/{provider}, so the browser's cookies and the redirect URI stay on one host; its sign-in page lists the
 * demo users, and the chosen one becomes the subject of the ID token.
 *
 * It behaves like a real provider (server/openid-provider/, decision 0073): the client's registered redirect_uri
 * only, PKCE S256, codes once and for a minute, client authentication, the authorization-code grant only. Every
 * app server of a site is the same provider (DESIGN D13): keys from the server secret, used codes in PostgreSQL.
 */
import type { Router } from "express";
import { and, like, lt, sql } from "drizzle-orm";
import { usedProofs } from "#db/schema/proof-of-work.ts";
import { DEMO_USERS, type DemoUser } from "#demo/demo-users.ts";
import type { PlanCatalogue } from "~/features/access/plan-catalogue.ts";
import { getPlanCatalogue } from "~/features/access/tier-records.server.ts";
import { authSecret } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getDatabase } from "~/lib/database.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { PROVIDER_NAMES, type IdentityProvider } from "~/lib/identity-providers.server.ts";
import { openIdProvider, type ProviderAccount } from "./openid-provider/openid-provider.ts";

/** Used codes share the table of spent proofs of work: one row per thing accepted once, until it expires. */
const CODE_ROW_PREFIX = "oidc-code:";

const DEMO_ACCOUNTS: readonly ProviderAccount[] = DEMO_USERS.map((u) => ({ sub: u.id, name: u.name, email: u.email, emailVerified: true }));

/**
 * What the chooser says of a demo user: their plan as the catalogue names it and what it grants (decision 0080), so the
 * page never calls a plan by another name than the rest of the site does.
 */
function describeDemoUser(user: DemoUser, catalogue: PlanCatalogue): string {
  const plan = catalogue[user.tier];
  // "Access to …" reads "access to …" inside the sentence; "API access" keeps its capitals.
  const grants = plan.benefits.map((b) => (/^[A-Z][a-z]/.test(b) ? b.charAt(0).toLowerCase() + b.slice(1) : b)).join(", ");
  return user.role === "admin" ? `Operator on the ${plan.name} plan: the admin and debug tools, ${grants}` : `${plan.name} plan: ${grants}`;
}

/**
 * Records a code as used: true the first time, on whichever app server. The insert does nothing on conflict, so two
 * token requests racing with one code cannot both pass. Rows of codes past their expiry go a few at a time.
 */
async function spendCode(database: Database, codeId: string, expiresAt: Date, now: Date): Promise<boolean> {
  const key = `${CODE_ROW_PREFIX}${codeId}`;
  const inserted = await database.db
    .insert(usedProofs)
    .values({ nonce: key, expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: usedProofs.nonce });
  if (inserted.length === 0) return false;
  const expired = database.db
    .select({ nonce: usedProofs.nonce })
    .from(usedProofs)
    .where(and(like(usedProofs.nonce, `${CODE_ROW_PREFIX}%`), lt(usedProofs.expiresAt, now)))
    .limit(10);
  await database.db.delete(usedProofs).where(sql`${usedProofs.nonce} IN (${expired})`);
  return true;
}

export interface DemoIdentityProviderOptions {
  /** The database used codes are recorded in; the server's own by default. */
  database?: () => Promise<Database>;
  /** The server secret the keys are derived from; the server's own by default. */
  secret?: string;
  now?: () => number;
}

/** Mounts the demo provider for each local provider at /dev/oidc/{id} on the given router. */
export async function mountDemoIdentityProviders(
  router: Router,
  providers: IdentityProvider[],
  issuerOf: (p: IdentityProvider) => string,
  options: DemoIdentityProviderOptions = {},
): Promise<void> {
  const now = options.now ?? Date.now;
  const database = options.database ?? (() => getDatabase());
  for (const provider of providers.filter((p) => p.local)) {
    const issuer = issuerOf(provider);
    const demo = openIdProvider({
      issuer,
      name: PROVIDER_NAMES[provider.id],
      client: { id: provider.clientId, secret: provider.clientSecret, redirectUris: [provider.redirectUri] },
      secret: () => options.secret ?? authSecret(getEnv()),
      accounts: {
        list: async () => {
          const catalogue = await getPlanCatalogue(await database());
          return DEMO_ACCOUNTS.map((account, i) => ({ ...account, description: describeDemoUser(DEMO_USERS[i]!, catalogue) }));
        },
        find: (sub) => DEMO_ACCOUNTS.find((a) => a.sub === sub),
      },
      spendCode: async (codeId, expiresAt) => spendCode(await database(), codeId, expiresAt, new Date(now())),
      now,
    });
    router.use(`/dev/oidc/${provider.id}`, demo);
  }
}
