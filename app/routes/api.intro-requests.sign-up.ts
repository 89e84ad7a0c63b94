import { z } from "zod";
import type { Route } from "./+types/api.intro-requests.sign-up";
import { completeIntroSignUp } from "~/features/accounts/intro-request-sign-up.server.ts";
import { signInAttempts } from "~/features/accounts/sign-in.server.ts";
import { parseSignUp } from "~/features/introductions/intro-request.ts";
import { guardPublicForm } from "~/features/verification/public-form-guard.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { refused } from "~/lib/form-parse.ts";
import { formJson } from "~/lib/form-result.server.ts";
import { methodNotAllowed, readBody } from "~/lib/http.server.ts";

/** What this endpoint takes (decision 0069): its loader only refuses, so GET and HEAD are not in Allow. */
export const methods = ["POST"];

const Claim = z.object({ requestId: z.uuid(), claimToken: z.string().min(1).max(100) });

/** The one answer to a sign-up that was taken: what happens next is in the e-mail. */
const SIGNED_UP = "Check your e-mail to finish signing up.";

/**
 * POST /api/intro-requests/sign-up: the dialog's "Complete Your Sign Up" step (completeIntroSignUp: the claim, a
 * password account, the request handed to it, the account removed again if that fails). Answers with the form
 * result (decision 0045); a password is never sent back, not even the one just typed.
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
  const { password, fullName: name, email, phone } = parsed.data;
  const { password: _password, ...values } = parsed.data;
  const message = "Too many sign-in attempts. Please wait a minute and try again.";
  const guard = await guardPublicForm(database, { limit: { rateLimit: signInAttempts, subject: clientAddress, message } });
  if (!guard.ok) return formJson({ ok: false, message: guard.message, values }, { code: guard.code });
  const outcome = await completeIntroSignUp(database, {
    claim: claim.data,
    account: { name, email, password, phone },
    headers: request.headers,
  });
  if (!outcome.ok) return formJson({ ok: false, message: outcome.message, values }, { code: outcome.code });
  const data = { status: "awaiting_verification", user: outcome.user };
  return formJson({ ok: true, message: SIGNED_UP, data }, { created: true });
}

export const loader = methodNotAllowed;
