/**
 * Sending the account e-mails (account-emails.ts) within a limit per address, counted in PostgreSQL like every other
 * limit (rate-limit.server.ts): reset links, "no account here", "you already have an account" and the change-of-address
 * messages together, so no form of ours can be used to mail-bomb an address. The address is counted under its hash:
 * the limit's table never holds an address (nor does anything else that outlives the account).
 */
import { createHash } from "node:crypto";
import {
  accountExistsEmail,
  emailChangeEmail,
  noAccountEmail,
  resetPasswordEmail,
  RESET_LINK_MINUTES,
  type AccountLinks,
} from "./account-emails.ts";
import type { Database } from "./db.server.ts";
import { getEnv, publicUrl, type Env } from "./env.server.ts";
import { logger } from "./logger.server.ts";
import { sendEmail, type EmailMessage } from "./mailer.server.ts";
import { countAttempt, defineRateLimit } from "./rate-limit.server.ts";
import { VERIFICATION_LINK_HOURS } from "./verification-email.ts";

/** Account e-mails one address receives per hour at most, whoever asks for them. */
export const ACCOUNT_EMAILS_PER_HOUR = 5;

const accountMailPerAddress = defineRateLimit({ name: "account-mail", limit: ACCOUNT_EMAILS_PER_HOUR, windowSeconds: 60 * 60 });

/** The subject an address is counted under in a limit: its SHA-256, lower-cased first (one address, one count). */
export function addressSubject(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

export function accountLinks(env: Env = getEnv()): AccountLinks {
  const base = publicUrl(env);
  return { signIn: `${base}/sign-in`, forgotPassword: `${base}/forgot-password` };
}

/** Sends `message` to its one address unless the address had its hourly share; says which. */
export async function sendAccountMail(database: Database, message: EmailMessage, env: Env = getEnv()): Promise<"sent" | "over_limit"> {
  const [to] = message.to;
  if (!to || !(await countAttempt(database, accountMailPerAddress, addressSubject(to))).allowed) {
    logger.warn({ kind: message.kind }, "account e-mail not sent: the address had its hourly share");
    return "over_limit";
  }
  await sendEmail(database, message, env);
  return "sent";
}

/** Our page for a reset link (routes/reset-password.tsx): opening it changes nothing. */
function resetPasswordUrl(env: Env, token: string): string {
  return `${publicUrl(env)}/reset-password?${new URLSearchParams({ token })}`;
}

/** Our page for a change-of-address link (routes/confirm-email-change.tsx). */
function emailChangeUrl(env: Env, token: string): string {
  return `${publicUrl(env)}/confirm-email-change?${new URLSearchParams({ token })}`;
}

export function sendResetLink(database: Database, user: { name: string; email: string }, token: string, env: Env = getEnv()) {
  const email = user.email.toLowerCase();
  return sendAccountMail(
    database,
    resetPasswordEmail({ name: user.name, email, url: resetPasswordUrl(env, token), minutes: RESET_LINK_MINUTES }),
    env,
  );
}

export function sendNoAccountNotice(database: Database, email: string, env: Env = getEnv()) {
  return sendAccountMail(
    database,
    noAccountEmail({ email: email.toLowerCase(), links: accountLinks(env), signUp: `${publicUrl(env)}/sign-up` }),
    env,
  );
}

export function sendAccountExistsNotice(database: Database, user: { name: string; email: string }, env: Env = getEnv()) {
  return sendAccountMail(database, accountExistsEmail({ name: user.name, email: user.email.toLowerCase(), links: accountLinks(env) }), env);
}

export function sendEmailChangeLink(
  database: Database,
  { name, from, to, token }: { name: string; from: string; to: string; token: string },
  env: Env = getEnv(),
) {
  return sendAccountMail(
    database,
    emailChangeEmail({ name, from, to, url: emailChangeUrl(env, token), hours: VERIFICATION_LINK_HOURS }),
    env,
  );
}
