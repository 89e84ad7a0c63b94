/**
 * The intro request dialog's "Complete Your Sign Up" step as one workflow (issue 35, decision 0109): the claim on the
 * waiting request is checked first, so a refused step makes nothing; then a password account is made (Better Auth
 * mails its verification link) and takes the request over. When that last step fails (another sign-up claimed the
 * request a moment ago) the account just made is removed again: it was made only for this request, and its link
 * will say it is no longer needed.
 *
 * No session is made: the request goes to review once the address is verified (DESIGN D15). An address that already
 * has an account gets the same outcome and no account (a stranger must not learn which addresses have accounts); its
 * owner is mailed, and the request waits for them to sign in (decision 0076).
 */
import { attachRequestToAccount, checkClaim } from "~/features/introductions/intro-requests.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, STATUS_BY_CODE, type ErrorCode } from "~/lib/errors.ts";
import { logger } from "~/lib/logger.server.ts";
import { removeUnverifiedAccount, signUpWithPassword } from "./password-sign-up.server.ts";

export interface IntroSignUp {
  claim: { requestId: string; claimToken: string };
  account: { name: string; email: string; password: string; phone: string };
  /** The request's headers, for Better Auth (its origin checks and the link's address). */
  headers: Headers;
  now?: number;
}

/** What the visitor is told; `user` is the name and address as typed, the same whether the address was new or not. */
export type IntroSignUpOutcome = { ok: true; user: { name: string; email: string } } | { ok: false; code: ErrorCode; message: string };

const SIGN_UP_FAILED = "We could not create your account. Please try again.";

export async function completeIntroSignUp(database: Database, step: IntroSignUp): Promise<IntroSignUpOutcome> {
  const { claim, account, headers, now } = step;
  const checked = await refusalOf(() => checkClaim(database, { ...claim, now }));
  if (checked) return checked;
  let signedUp;
  try {
    signedUp = await signUpWithPassword(database, { name: account.name, email: account.email, password: account.password }, headers);
  } catch (error) {
    logger.error({ err: error }, "sign-up failed");
    return { ok: false, code: "internal", message: SIGN_UP_FAILED };
  }
  if (signedUp.outcome === "exists") return { ok: true, user: { name: account.name, email: account.email } };
  const made = signedUp.user;
  const attached = await refusalOf(
    () => attachRequestToAccount(database, { ...claim, user: made, phone: account.phone, now }),
    // Whatever stopped it, the account made for this request goes (a thrown fault goes on to the pipeline after).
    () => removeUnverifiedAccount(database, made.id),
  );
  return attached ?? { ok: true, user: { name: made.name, email: made.email } };
}

/**
 * Runs a step; a client error it throws (a forged claim, an expired or taken request, a limit) becomes the refusal
 * the visitor reads, after `undo`. Anything else is thrown on, after `undo` too.
 */
async function refusalOf(
  run: () => Promise<unknown>,
  undo: () => Promise<void> = async () => {},
): Promise<Extract<IntroSignUpOutcome, { ok: false }> | null> {
  try {
    await run();
    return null;
  } catch (error) {
    await undo();
    if (error instanceof AppError && STATUS_BY_CODE[error.code] < 500) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
