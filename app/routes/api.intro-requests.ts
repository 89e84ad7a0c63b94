import type { Route } from "./+types/api.intro-requests";
import { parseIntroRequest } from "~/features/introductions/intro-request.ts";
import { checkIntroEligibility, refusalError } from "~/features/introductions/intro-preferences.server.ts";
import { createIntroRequest } from "~/features/introductions/intro-requests.server.ts";
import { PROOF_FIELD } from "~/features/verification/proof-field.ts";
import { guardPublicForm } from "~/features/verification/public-form-guard.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { refused } from "~/lib/form-parse.ts";
import { formJson, formJsonRefusedBy } from "~/lib/form-result.server.ts";
import { AppError } from "~/lib/errors.ts";
import { methodNotAllowed, readBody } from "~/lib/http.server.ts";

/** What this endpoint takes (decision 0069): its loader only refuses, so GET and HEAD are not in Allow. */
export const methods = ["POST"];

/**
 * POST /api/intro-requests (JSON or form): recipientType, recipientSlug, senderName, senderEmail, message and
 * the solved proof of work (`proofOfWork`). Answers with the form result (decision 0045): 201 with the request's
 * id and status in `data` (signed out, also the token the sign-up step needs); 400 with `errors` per field and
 * the `values` as sent, a refused robot check as the error of the `proof` field; 429 over a rate limit; 409 (paused, the
 * month's cap reached) or 403 (a plan or kind of company it does not take) for a claimed listing, with nothing spent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { database, user, clientAddress } = getAppContext(context);
  const body = await readBody(request);
  if (!body) throw new AppError("bad_request", "The body must be JSON or a form.");
  const parsed = parseIntroRequest(body);
  if (!parsed.ok) return formJson(refused(parsed), { code: "bad_request" });
  // A claimed listing that does not take this request (decision 0116) refuses it before the proof of work is spent.
  try {
    const { refusal } = await checkIntroEligibility(database, { recipient: parsed.data, user });
    if (refusal) throw refusalError(refusal);
  } catch (error) {
    return formJsonRefusedBy(error, { values: parsed.data });
  }
  // The per-address and per-account limits are counted by createIntroRequest, with the request they allow.
  const guard = await guardPublicForm(database, { proof: { payload: body[PROOF_FIELD], mode: "spend" } });
  if (!guard.ok)
    return formJson({ ok: false, message: guard.message, errors: { proof: guard.message }, values: parsed.data }, { code: guard.code });
  try {
    const created = await createIntroRequest(database, { input: parsed.data, user, clientAddress });
    return formJson({ ok: true, message: "Introduction request sent!", data: created }, { created: true });
  } catch (error) {
    return formJsonRefusedBy(error, { values: parsed.data });
  }
}

export const loader = methodNotAllowed;
