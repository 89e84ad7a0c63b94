/**
 * Proving it is really the member who deletes the account (decision 0077). A signed-in session is not enough: a
 * browser left open, or a stolen cookie, must not be able to erase someone. An account with a password types it; an
 * account that signs in only through Google or LinkedIn gets a link by e-mail at its verified address (DESIGN D15),
 * to be opened while signed in as the same account. Either way, attempts are limited per account, so a stolen session
 * cannot guess the password here.
 */
import { randomBytes } from "node:crypto";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { accounts } from "#db/schema/accounts.ts";
import { outboxEmails } from "#db/schema/messages.ts";
import { getAuth, purposeKey } from "~/lib/auth.server.ts";
import { MAX_PASSWORD } from "~/lib/password-rules.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv, publicUrl } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";
import { hmac, sameSignature } from "~/lib/hmac.server.ts";
import { sendEmail } from "~/lib/mailer.server.ts";
import { countAttempt, defineRateLimit } from "~/lib/rate-limit.server.ts";
import { plural } from "~/lib/wording.ts";
import { DELETION_LINK_MINUTES } from "./leave-forms.ts";
import { DELETION_LINK_KIND, deletionLinkEmail } from "./leaving-emails.ts";

export type DeletionMethod = "password" | "email-link";

/** Confirmation links one account can be sent per hour. */
const DELETION_LINKS_PER_HOUR = 3;

/** Tries at confirming a deletion (a password typed, a link posted) per account and quarter of an hour. */
const deletionAttempts = defineRateLimit({ name: "account-deletion", limit: 5, windowSeconds: 15 * 60 });

export interface Member {
  id: string;
  email: string;
}

/** A password account confirms with its password; an account that only signs in with a provider, by e-mail. */
export async function deletionMethod({ db }: Database, userId: string): Promise<DeletionMethod> {
  const [credential] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), sql`${accounts.password} IS NOT NULL`))
    .limit(1);
  return credential ? "password" : "email-link";
}

/** Counts one attempt at confirming; refuses with how long to wait once the account has had its share. */
export async function countDeletionAttempt(database: Database, userId: string, now = Date.now()): Promise<void> {
  const attempt = await countAttempt(database, deletionAttempts, userId, { now });
  if (!attempt.allowed) {
    const minutes = Math.ceil(attempt.retryAfterSeconds / 60);
    throw new AppError("rate_limited", `Too many tries. Please wait ${plural(minutes, "minute")} and try again.`);
  }
}

/** Whether `password` is the account's own (scrypt, through Better Auth's hasher). */
export async function isAccountPassword(database: Database, userId: string, password: string): Promise<boolean> {
  if (!password || password.length > MAX_PASSWORD) return false;
  const [credential] = await database.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  if (!credential?.hash) return false;
  const { password: hasher } = await getAuth(database).$context;
  return hasher.verify({ hash: credential.hash, password });
}

const linkKey = (database: Database) => purposeKey(database, "account-deletion:link");

/**
 * The link's token: when it expires, a random part, and a signature over both and the account's id and address. It
 * names neither: it works only in the browser of the account it was made for, while that account has that address.
 */
export async function deletionToken(database: Database, member: Member, now = Date.now()): Promise<string> {
  const body = `${Math.floor((now + DELETION_LINK_MINUTES * 60_000) / 1000).toString(36)}.${randomBytes(12).toString("base64url")}`;
  return `${body}.${hmac(await linkKey(database), `${member.id}\n${member.email.toLowerCase()}\n${body}`)}`;
}

export type TokenState = "valid" | "expired" | "invalid";

export async function checkDeletionToken(database: Database, member: Member, token: string, now = Date.now()): Promise<TokenState> {
  const match = /^([0-9a-z]{1,10})\.([\w-]{16})\.([\w-]{43})$/.exec(token);
  if (!match) return "invalid";
  const [, expiry, nonce, signature] = match;
  const expected = hmac(await linkKey(database), `${member.id}\n${member.email.toLowerCase()}\n${expiry}.${nonce}`);
  if (!sameSignature(signature, expected)) return "invalid";
  return Number.parseInt(expiry!, 36) * 1000 <= now ? "expired" : "valid";
}

/** Mails the member a confirmation link, within the hourly limit (counted in the outbox, which every server shares). */
export async function sendDeletionLink(database: Database, member: Member, now = Date.now()): Promise<void> {
  const email = member.email.toLowerCase();
  const [sent] = await database.db
    .select({ n: count() })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.kind, DELETION_LINK_KIND),
        sql`${outboxEmails.to} @> ARRAY[${email}]::text[]`,
        gt(outboxEmails.createdAt, new Date(now - 60 * 60_000)),
      ),
    );
  if ((sent?.n ?? 0) >= DELETION_LINKS_PER_HOUR) {
    throw new AppError("rate_limited", "We have sent you three links in the last hour. Please use the newest one, or try again later.");
  }
  const url = `${publicUrl(getEnv())}/settings/delete-account?${new URLSearchParams({ token: await deletionToken(database, member, now) })}`;
  await sendEmail(database, deletionLinkEmail({ email, url, minutes: DELETION_LINK_MINUTES }));
}
