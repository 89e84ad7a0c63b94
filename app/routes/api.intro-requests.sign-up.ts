import { z } from "zod";
import type { Route } from "./+types/api.intro-requests.sign-up";
import { removeUnverifiedAccount, signUpWithPassword } from "~/features/accounts/password-sign-up.server.ts";
import { signInAttempts } from "~/features/accounts/sign-in.server.ts";
import { parseSignUp } from "~/features/introductions/intro-request.ts";
import { attachRequestToAccount, checkClaim } from "~/features/introductions/intro-requests.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { refused } from "~/lib/form-parse.ts";
import { formJson, formJsonRefusedBy } from "~/lib/form-result.server.ts";
import { methodNotAllowed, readBody } from "~/lib/http.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { countAttempt } from "~/lib/rate-limit.server.ts";

/** What this endpoint takes (decision 0069): its loader only refuses, so GET and HEAD are not in Allow. */
export const methods = ["POST"];

const Claim = z.object({ requestId: z.uuid(), claimToken: z.string().min(1).max(100) });

/**
 * POST /api/intro-requests/sign-up: the dialog's "Complete Your Sign Up" step. Checks everything it can first
 * (the fields, the claim on the waiting request), so a refused step makes nothing; then creates a password account
 * (Better Auth mails its verification link) and hands the request to it. The request goes to review once the address
 * is verified (DESIGN D15): no session is made here. An address that already has an account gets the same answer
 * and no account; the request waits for its owner to sign in (api.intro-requests.sign-in.ts, decision 0076).
 * Answers with the form result (decision 0045); a password is never sent back, not even the one just typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { database, user, clientAddress } = getAppContext(context);
  if (user) return formJson({ ok: false, message: "You are already signed in; your request was sent." }, { code: "conflict" });
  const body = await readBody(request);
  if (!body) return formJson({ ok: false, message: "The body must be JSON or a form." }, { code: "bad_request" });
  const claim = Claim.safeParse(body);
  if (!claim.success)
    return formJson({ ok: false, message: "This request cannot be completed. Please send it again." }, { code: "bad_request" });
  const parsed = parseSignUp(body);
  if (!parsed.ok) {
    const { password: _password, ...values } = parsed.values;
    return formJson(refused({ errors: parsed.errors, values }), { code: "bad_request" });
  }
  const { password: _password, ...values } = parsed.data;
  if (!(await countAttempt(database, signInAttempts, clientAddress)).allowed)
    return formJson(
      { ok: false, message: "Too many sign-in attempts. Please wait a minute and try again.", values },
      { code: "rate_limited" },
    );
  try {
    await checkClaim(database, claim.data);
  } catch (error) {
    return formJsonRefusedBy(error, { values });
  }
  let signedUp;
  try {
    signedUp = await signUpWithPassword(
      database,
      { name: parsed.data.fullName, email: parsed.data.email, password: parsed.data.password },
      request.headers,
    );
  } catch (error) {
    logger.error({ err: error }, "sign-up failed");
    return formJson({ ok: false, message: "We could not create your account. Please try again.", values }, { code: "internal" });
  }
  // An address that already has an account: the same answer as a new one (a stranger must not learn which addresses
  // have accounts); its owner got an e-mail saying so, and the dialog offers to sign in to send the request.
  if (signedUp.outcome === "exists") return signedUpAnswer({ name: parsed.data.fullName, email: parsed.data.email });
  const account = signedUp.user;
  try {
    await attachRequestToAccount(database, {
      requestId: claim.data.requestId,
      claimToken: claim.data.claimToken,
      user: account,
      phone: parsed.data.phone,
    });
    return signedUpAnswer(account);
  } catch (error) {
    // Claimed by another sign-up a moment ago: this account is not needed (its link will say so).
    await removeUnverifiedAccount(database, account.id);
    return formJsonRefusedBy(error, { values });
  }
}

/** The one answer to a sign-up that was taken: what happens next is in the e-mail. */
const SIGNED_UP = "Check your e-mail to finish signing up.";

function signedUpAnswer(user: { name: string; email: string }): Response {
  const data = { status: "awaiting_verification", user: { name: user.name, email: user.email } };
  return formJson({ ok: true, message: SIGNED_UP, data }, { created: true });
}

export const loader = methodNotAllowed;
