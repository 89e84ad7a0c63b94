/**
 * The intro request dialog's other last step as one workflow (decision 0076, issue 35, decision 0109): a visitor
 * whose address already has an account signs in with its password (the sign-in page's checks and limits: a wrong
 * password and an unknown address answer alike), and the waiting request becomes theirs and goes to review. The claim
 * is checked before the password, so a forged or spent claim costs no password check. A right password signs in
 * even when the request can then not be theirs (a limit, or taken meanwhile): the outcome carries the cookies.
 */
import { eq } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { attachRequestToMember } from "~/features/introductions/intro-request-sign-in.server.ts";
import { checkClaim } from "~/features/introductions/intro-requests.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, STATUS_BY_CODE, type ErrorCode } from "~/lib/errors.ts";
import { signInWithPassword } from "./password-sign-in.server.ts";

const CODE = { invalid: "unauthorized", unverified: "forbidden", disabled: "forbidden", rate_limited: "rate_limited" } as const;

export type IntroSignInOutcome =
  | { ok: true; sent: { status: "pending_review"; recipientName: string }; cookies: string[] }
  /** `cookies`: signed in all the same (empty when not); `passwordError`: said beside the password field. */
  | { ok: false; code: ErrorCode; message: string; passwordError?: string; cookies: string[] };

export async function signInAndSendIntroRequest(
  database: Database,
  step: {
    claim: { requestId: string; claimToken: string };
    email: string;
    password: string;
    headers: Headers;
    clientAddress: string;
    now?: number;
  },
): Promise<IntroSignInOutcome> {
  const { claim, email, password, headers, clientAddress, now } = step;
  const claimRefused = await refusalOf(() => checkClaim(database, { ...claim, now }), []);
  if (claimRefused) return claimRefused;
  const signedIn = await signInWithPassword(database, { email, password, headers, clientAddress, now });
  if (!signedIn.ok) {
    const passwordError = signedIn.reason === "invalid" ? signedIn.message : undefined;
    return { ok: false, code: CODE[signedIn.reason], message: signedIn.message, ...(passwordError ? { passwordError } : {}), cookies: [] };
  }
  const { cookies } = signedIn;
  const [member] = await database.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, signedIn.userId));
  if (!member) throw new Error(`signed in as ${signedIn.userId}, an account that is not there`);
  let sent: { status: "pending_review"; recipientName: string } | undefined;
  const attachRefused = await refusalOf(async () => {
    sent = await attachRequestToMember(database, { ...claim, user: { id: signedIn.userId, ...member }, now });
  }, cookies);
  return attachRefused ?? { ok: true, sent: sent!, cookies };
}

/** A client error a step throws (a forged or spent claim, a limit) as the refusal; anything else is thrown on. */
async function refusalOf(run: () => Promise<unknown>, cookies: string[]): Promise<Extract<IntroSignInOutcome, { ok: false }> | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof AppError && STATUS_BY_CODE[error.code] < 500)
      return { ok: false, code: error.code, message: error.message, cookies };
    throw error;
  }
}
