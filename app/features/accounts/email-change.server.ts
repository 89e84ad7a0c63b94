/**
 * Changing a member's address (decision 0076), through Better Auth's changeEmail and verifyEmail: the new address gets
 * a signed link (24 hours), and the account moves to it only when the link is confirmed on our page (a POST: mail
 * scanners open links). Around them:
 *
 * - The current password is asked for (an account with one), counted like a change of password.
 * - The old address is told at once, so its owner hears of a change they did not ask for while it can be stopped:
 *   changing the password voids every link asked for before (the link is refused when the password is newer).
 * - An address another confirmed account uses is not taken, and the member is told nothing more than for a free
 *   one: that address gets an e-mail saying another account uses it. An unconfirmed account gives its address up to
 *   whoever proves it (decision 0031), here when the link is confirmed.
 */
import { and, eq } from "drizzle-orm";
import { isAPIError } from "better-auth/api";
import { errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { z } from "zod";
import { accounts, users } from "#db/schema/accounts.ts";
import { emailChangeNoticeEmail, emailInUseEmail } from "~/lib/account-emails.ts";
import { accountLinks, sendAccountMail } from "~/lib/account-mail.server.ts";
import { getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { releaseUnverifiedAddress } from "~/lib/email-verification.server.ts";
import { AppError } from "~/lib/errors.ts";
import type { SessionUser } from "~/lib/session.server.ts";

/** What Better Auth signs into a change-of-address link. */
const ChangeLink = z.object({
  email: z.email(),
  updateTo: z.email(),
  userId: z.string().min(1).max(200),
  requestType: z.literal("change-email-verification"),
  iat: z.number(),
});
type ChangeClaims = z.infer<typeof ChangeLink>;

/** Asks for the change: mails the link to the new address (or the "in use" note) and the notice to the old one. */
export async function requestEmailChange(
  database: Database,
  { user, newEmail, headers }: { user: SessionUser; newEmail: string; headers: Headers },
): Promise<void> {
  const to = newEmail.toLowerCase();
  if (to === user.email.toLowerCase()) throw new AppError("bad_request", "That is already your address.");
  const [holder] = await database.db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, to)).limit(1);
  if (holder?.verified) {
    await sendAccountMail(database, emailInUseEmail({ email: to, links: accountLinks() }));
  } else {
    // Better Auth says nothing and sends nothing for an address any account holds: an unconfirmed one waits here.
    if (holder) await releaseUnverifiedAddress(database, to);
    await getAuth(database).api.changeEmail({ body: { newEmail: to }, headers });
  }
  await sendAccountMail(database, emailChangeNoticeEmail({ name: user.name, from: user.email, to, links: accountLinks() }));
}

export type EmailChangeLink = { state: "open"; from: string; to: string } | { state: "expired" | "invalid" };

async function claimsOf(database: Database, token: string, now: number): Promise<{ claims: ChangeClaims; expired: boolean } | null> {
  if (!token || token.length > 2000) return null;
  const { secret } = await getAuth(database).$context;
  const parse = (payload: JWTPayload | undefined) => ChangeLink.safeParse(payload);
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ["HS256"], currentDate: new Date(now) });
    const parsed = parse(payload);
    return parsed.success ? { claims: parsed.data, expired: false } : null;
  } catch (error) {
    // jose checks the signature before the claims: an expired token's payload is still ours.
    const parsed = error instanceof joseErrors.JWTExpired ? parse(error.payload) : null;
    return parsed?.success ? { claims: parsed.data, expired: true } : null;
  }
}

/** What a change link leads to, judged by `now`, without acting on it. */
export async function readEmailChangeLink(database: Database, token: string, now = Date.now()): Promise<EmailChangeLink> {
  const read = await claimsOf(database, token, now);
  if (!read) return { state: "invalid" };
  const { claims } = read;
  const [user] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, claims.userId)).limit(1);
  // The account is gone, or has moved already (this link or another): a link works once.
  if (!user || user.email.toLowerCase() !== claims.email.toLowerCase()) return { state: "invalid" };
  const [credential] = await database.db
    .select({ updatedAt: accounts.updatedAt })
    .from(accounts)
    .where(and(eq(accounts.userId, claims.userId), eq(accounts.providerId, "credential")))
    .limit(1);
  // The password changed after the link was asked for: the owner may have changed it to stop this very change.
  // (iat is in whole seconds: a change within the second the link was made is not told apart.)
  if (credential && credential.updatedAt.getTime() >= (claims.iat + 1) * 1000) return { state: "invalid" };
  if (read.expired) return { state: "expired" };
  return { state: "open", from: claims.email, to: claims.updateTo };
}

export type EmailChangeOutcome =
  { ok: true; to: string; cookies: string[] } | { ok: false; state: "expired" | "invalid" | "taken" | "other_account" };

/** Moves the account to the new address; the browser, when signed in, must be signed in to that account. */
export async function confirmEmailChange(
  database: Database,
  { token, headers, now = Date.now() }: { token: string; headers: Headers; now?: number },
): Promise<EmailChangeOutcome> {
  const link = await readEmailChangeLink(database, token, now);
  if (link.state !== "open") return { ok: false, state: link.state };
  const [holder] = await database.db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, link.to)).limit(1);
  if (holder?.verified) return { ok: false, state: "taken" };
  if (holder) await releaseUnverifiedAddress(database, link.to);
  try {
    const done = await getAuth(database).api.verifyEmail({ query: { token }, headers, returnHeaders: true });
    return { ok: true, to: link.to, cookies: done.headers.getSetCookie() };
  } catch (error) {
    if (isAPIError(error) && error.body?.code === "INVALID_USER") return { ok: false, state: "other_account" };
    if (isAPIError(error)) return { ok: false, state: "invalid" };
    throw error;
  }
}
