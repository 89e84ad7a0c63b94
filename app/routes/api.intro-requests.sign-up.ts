import { APIError } from "better-auth/api";
import { z } from "zod";
import type { Route } from "./+types/api.intro-requests.sign-up";
import { signInAttempts } from "~/features/accounts/sign-in.server.ts";
import { parseSignUp } from "~/features/introductions/intro-request.ts";
import { attachRequestToAccount } from "~/features/introductions/intro-requests.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { getAuth } from "~/lib/auth.server.ts";
import { badRequest, describeError, methodNotAllowed, readBody } from "~/lib/http.server.ts";
import { logger } from "~/lib/logger.server.ts";

const NO_STORE = { "Cache-Control": "no-store" };
const Claim = z.object({ requestId: z.uuid(), claimToken: z.string().min(1).max(100) });

/**
 * POST /api/intro-requests/sign-up: the dialog's "Complete Your Sign Up" step. Creates a real account (e-mail
 * and password, Better Auth), signs the browser in (the session cookie comes with this answer), and hands the
 * waiting request to the new account, which sends it to review.
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
  let signedUp;
  try {
    signedUp = await getAuth(database).api.signUpEmail({
      body: { name: parsed.data.fullName, email: parsed.data.email, password: parsed.data.password },
      headers: request.headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (error instanceof APIError && /already exists/i.test(error.message)) {
      return Response.json(
        {
          error: "Please correct the highlighted fields.",
          errors: { email: "An account with this e-mail already exists. Sign in, then send your request again." },
          values,
        },
        { status: 400, headers: NO_STORE },
      );
    }
    logger.error({ err: error }, "sign-up failed");
    return Response.json({ error: "We could not create your account. Please try again.", values }, { status: 500, headers: NO_STORE });
  }
  const account = signedUp.response.user;
  try {
    await attachRequestToAccount(database, {
      requestId: claim.data.requestId,
      claimToken: claim.data.claimToken,
      user: { id: account.id, name: account.name, email: account.email },
      phone: parsed.data.phone,
    });
  } catch (error) {
    // The account exists and is signed in either way; say what happened to the request.
    const { status, message } = describeError(error);
    const headers = new Headers(NO_STORE);
    for (const cookie of signedUp.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return Response.json({ error: message, accountCreated: true }, { status, headers });
  }
  const headers = new Headers(NO_STORE);
  for (const cookie of signedUp.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return Response.json({ status: "pending_review", user: { name: account.name, email: account.email } }, { status: 201, headers });
}

export const loader = methodNotAllowed;
