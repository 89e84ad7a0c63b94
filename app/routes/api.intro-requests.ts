import type { Route } from "./+types/api.intro-requests";
import { parseIntroRequest } from "~/features/introductions/intro-request.ts";
import { createIntroRequest } from "~/features/introductions/intro-requests.server.ts";
import { PROOF_MESSAGES, spendProof } from "~/features/verification/proof-of-work.server.ts";
import { PROOF_FIELD } from "~/features/verification/proof-field.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { badRequest, describeError, methodNotAllowed, readBody } from "~/lib/http.server.ts";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * POST /api/intro-requests (JSON or form): recipientType, recipientSlug, senderName, senderEmail, message and
 * the solved proof of work (`proofOfWork`). 201 with the request's id and status; signed out, also the token
 * the sign-up step needs. 400 with `errors` per field and the `values` as sent; 429 over a rate limit.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { database, user, clientAddress } = getAppContext(context);
  const body = await readBody(request);
  if (!body) return badRequest("The body must be JSON or a form.");
  const parsed = parseIntroRequest(body);
  if (!parsed.ok) {
    return Response.json(
      { error: "Please correct the highlighted fields.", errors: parsed.errors, values: parsed.values },
      { status: 400, headers: NO_STORE },
    );
  }
  try {
    const proof = await spendProof(database, body[PROOF_FIELD]);
    if (!proof.ok) throw new AppError("bad_request", PROOF_MESSAGES[proof.reason], { details: { proof: proof.reason } });
    const created = await createIntroRequest(database, { input: parsed.data, user, clientAddress });
    return Response.json(created, { status: 201, headers: NO_STORE });
  } catch (error) {
    const { status, message } = describeError(error);
    const proof = error instanceof AppError ? (error.details as { proof?: string } | undefined)?.proof : undefined;
    return Response.json({ error: message, ...(proof ? { proof } : {}), values: parsed.data }, { status, headers: NO_STORE });
  }
}

export const loader = methodNotAllowed;
