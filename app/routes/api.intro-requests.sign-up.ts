import { z } from "zod";
import type { Route } from "./+types/api.intro-requests.sign-up";
import { removeUnverifiedAccount, signUpWithPassword } from "~/features/accounts/password-sign-up.server.ts";
import { signInAttempts } from "~/features/accounts/sign-in.server.ts";
import { parseSignUp } from "~/features/introductions/intro-request.ts";
import { attachRequestToAccount, checkClaim } from "~/features/introductions/intro-requests.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { badRequest, describeError, methodNotAllowed, readBody } from "~/lib/http.server.ts";
import { logger } from "~/lib/logger.server.ts";

const NO_STORE = { "Cache-Control": "no-store" };
const Claim = z.object({ requestId: z.uuid(), claimToken: z.string().min(1).max(100) });

/**
 * POST /api/intro-requests/sign-up: the dialog's "Complete Your Sign Up" step. Checks everything it can first
 * (the fields, the claim on the waiting request, whether the address is taken), so a refused step makes
 * nothing; then creates a password account (Better Auth mails its verification link) and hands the request
 * to it. The request goes to review once the address is verified (DESIGN D15): no session is made here.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { database, user, clientAddress } = getAppContext(context);
  if (user) return Response.json({ error: "You are already signed in; your request was sent." }, { status: 409, headers: NO_STORE });
  const body = await readBody(request);
  if (!body) return badRequest("The body must be JSON or a form.");
  const claim = Claim.safeParse(body);
  if (!claim.success) return badRequest("This request cannot be completed. Please send it again.");
  const parsed = parseSignUp(body);
  if (!parsed.ok) {
    // A password is never sent back, not even the one just typed.
    const { password: _password, ...values } = parsed.values;
    return Response.json(
      { error: "Please correct the highlighted fields.", errors: parsed.errors, values },
      { status: 400, headers: NO_STORE },
    );
  }
  const { password: _password, ...values } = parsed.data;
  if (!signInAttempts.attempt(clientAddress)) {
    return Response.json(
      { error: "Too many sign-in attempts. Please wait a minute and try again.", values },
      { status: 429, headers: NO_STORE },
    );
  }
  try {
    await checkClaim(database, claim.data);
  } catch (error) {
    const { status, message } = describeError(error);
    return Response.json({ error: message, values }, { status, headers: NO_STORE });
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
    return Response.json({ error: "We could not create your account. Please try again.", values }, { status: 500, headers: NO_STORE });
  }
  if (!signedUp.ok) {
    return Response.json(
      {
        error: "Please correct the highlighted fields.",
        errors: { email: "An account with this e-mail already exists. Sign in, then send your request again." },
        values,
      },
      { status: 400, headers: NO_STORE },
    );
  }
  const account = signedUp.user;
  try {
    const { status } = await attachRequestToAccount(database, {
      requestId: claim.data.requestId,
      claimToken: claim.data.claimToken,
      user: account,
      phone: parsed.data.phone,
    });
    return Response.json({ status, user: { name: account.name, email: account.email } }, { status: 201, headers: NO_STORE });
  } catch (error) {
    // Claimed by another sign-up a moment ago: this account is not needed (its link will say so).
    await removeUnverifiedAccount(database, account.id);
    const { status, message } = describeError(error);
    return Response.json({ error: message, values }, { status, headers: NO_STORE });
  }
}

export const loader = methodNotAllowed;
