/**
 * What Better Auth's e-mail verification needs from us (DESIGN D15): the link's mail, bounded per address so
 * sign-ups cannot make us mail-bomb someone, and the rule that an unverified claim to an address gives way to
 * anyone who proves the address (a provider that verified it, or a new sign-up that will have to).
 */
import { and, count, eq, gt, sql } from "drizzle-orm";
import { accounts, users } from "#db/schema/accounts.ts";
import { outboxEmails } from "#db/schema/messages.ts";
import type { Database } from "./db.server.ts";
import { getEnv, publicUrl, type Env } from "./env.server.ts";
import { logger } from "./logger.server.ts";
import { sendEmail } from "./mailer.server.ts";
import { VERIFICATION_LINK_HOURS, VERIFY_EMAIL_KIND, verificationEmail } from "./verification-email.ts";

export { VERIFICATION_LINK_HOURS };
/** Verification e-mails one address receives per hour at most, whoever asks for them. */
const VERIFICATION_EMAILS_PER_HOUR = 3;

/** Our page for the link (routes/verify-email.tsx), not Better Auth's endpoint: opening it changes nothing. */
function verificationUrl(env: Env, token: string): string {
  return `${publicUrl(env)}/verify-email?${new URLSearchParams({ token })}`;
}

/** Whether the address may get another verification e-mail now (counted in the outbox, so every process agrees). */
async function mayMailVerification({ db }: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.kind, VERIFY_EMAIL_KIND),
        sql`${outboxEmails.to} @> ARRAY[${email.toLowerCase()}]::text[]`,
        gt(outboxEmails.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return (row?.n ?? 0) < VERIFICATION_EMAILS_PER_HOUR;
}

/** Mails the link for `token` unless the address had its hourly share; says which. */
export async function sendVerificationLink(
  database: Database,
  user: { name: string; email: string },
  token: string,
  env: Env = getEnv(),
): Promise<"sent" | "over_limit"> {
  const email = user.email.toLowerCase();
  if (!(await mayMailVerification(database, email))) {
    logger.warn("verification e-mail not sent: the address had its hourly share");
    return "over_limit";
  }
  await sendEmail(
    database,
    verificationEmail({ name: user.name, email, url: verificationUrl(env, token), hours: VERIFICATION_LINK_HOURS }),
    env,
  );
  return "sent";
}

/**
 * Removes accounts that hold `email` without having verified it: their password, sessions and everything
 * they made go with them (foreign keys cascade). Called when someone proves the address (a provider says it
 * is verified) or is about to (a new sign-up), so a squatter can neither keep the address nor block its owner.
 * `keep` spares the account that already holds this provider identity: that one is the same person.
 */
export async function releaseUnverifiedAddress(
  { db }: Database,
  email: string,
  keep?: { providerId: string; accountId: string },
): Promise<number> {
  const sameIdentity = keep
    ? sql`EXISTS (SELECT 1 FROM ${accounts} WHERE ${accounts.userId} = ${users.id} AND ${accounts.providerId} = ${keep.providerId} AND ${accounts.accountId} = ${keep.accountId})`
    : sql`false`;
  const removed = await db
    .delete(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.emailVerified, false), sql`NOT ${sameIdentity}`))
    .returning({ id: users.id });
  if (removed.length) logger.info({ users: removed.map((r) => r.id) }, "an unverified account gave up its e-mail address");
  return removed.length;
}
