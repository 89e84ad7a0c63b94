/**
 * A /get-featured application from its request to its answer, as one workflow (issue 35, decision 0109). The order
 * of its checks is a security property, and it is tested as an order (apply-to-be-featured.server.db.test.ts):
 *
 * 1. the hourly limit per client address, before the body is read: a flood costs one upsert a request, and an
 *    attempt over the limit has nothing of it looked at (its proof is not even decoded, so it is not spent);
 * 2. the form (a multipart body over its limit is said beside the logo);
 * 3. the robot check, checked but not spent, then every field and the logo: a refused proof stops here, and
 *    refused fields leave the proof unspent, so the page keeps the solved box and the fixed form goes with the same
 *    proof, which then counts once (issue 31);
 * 4. the proof spent, and only then the logo and the application stored, in one transaction: a logo kept for a
 *    submission that failed stayed stored and was served from /media to anyone given its address (issue 14).
 */
import type { FeatureSubmission } from "~/features/applications/get-featured-page.tsx";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import { checkLogo } from "~/features/media/stored-files.server.ts";
import { PROOF_FIELD } from "~/features/verification/proof-field.ts";
import { spendCheckedProof, PROOF_MESSAGES } from "~/features/verification/proof-of-work.server.ts";
import { guardPublicForm } from "~/features/verification/public-form-guard.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, STATUS_BY_CODE, type ErrorCode } from "~/lib/errors.ts";
import { FIX_FIELDS, type FieldErrors } from "~/lib/form-parse.ts";
import { readForm } from "~/lib/http.server.ts";
import { parseFeatureApplication, readFeatureForm, withoutNul, type FeatureField } from "./feature-application.ts";
import { featureApplicationAttempts, submitFeatureApplication } from "./feature-applications.server.ts";

export interface FeatureApplicationRequest {
  type: "startup" | "partner";
  /** The page's multipart (or urlencoded) post, read here after the rate limit. */
  request: Request;
  userId: string | null;
  clientAddress: string;
  now?: number;
}

/** The page's answer: `code` null for a stored application, else the refusal's error code (its status). */
export interface FeatureApplicationAnswer {
  code: ErrorCode | null;
  result: Omit<FeatureSubmission, "ok">;
}

const TOO_MANY = "Too many applications from your network in the last hour. Please try again later.";
export const RECEIVED = "Thank you! Your application was received. We'll e-mail you when our team has reviewed it.";

export async function applyToBeFeatured(database: Database, application: FeatureApplicationRequest): Promise<FeatureApplicationAnswer> {
  const { type, request, userId, clientAddress, now } = application;
  const limit = { rateLimit: featureApplicationAttempts, subject: clientAddress, message: TOO_MANY };
  const limited = await guardPublicForm(database, { limit }, { now });
  if (!limited.ok) return { code: limited.code, result: { message: limited.message } };

  const form = await readApplicationForm(request);
  if (!form) return TOO_LARGE;
  const typed = readFeatureForm(form);
  const reference = await getReferenceData(database);
  const countryCodes = new Map(reference.countries.map((c) => [c.id, c.isoCode]));
  const knownIds = {
    fundingStageId: new Set(reference.fundingStages.map((f) => f.id)),
    businessModelId: new Set(reference.businessModels.map((b) => b.id)),
  };
  const parsed = parseFeatureApplication(type, typed, { countryCodes, knownIds });
  const values = withoutNul(typed);
  const errors: FieldErrors<FeatureField | "logo" | "proof"> = parsed.ok ? {} : { ...parsed.errors };

  const proof = await guardPublicForm(database, { proof: { payload: form.get(PROOF_FIELD), mode: "check" } }, { now });
  const logo = await checkLogo(form.get("logo"));
  const data = { logoChosen: logo.ok === true, proofKept: proof.ok };
  if (!proof.ok) {
    errors.proof = proof.message;
    return { code: proof.code, result: { errors, values, data, message: proof.message } };
  }
  if (logo.ok === false) errors.logo = logo.message;
  if (!parsed.ok || errors.logo) return { code: "bad_request", result: { errors, values, data, message: FIX_FIELDS } };

  // Checked above; a submission of the same proof at this very moment may have spent it since (spent once only).
  const spent = proof.proof ? await spendCheckedProof(database, proof.proof) : ({ ok: false, reason: "missing" } as const);
  if (!spent.ok) {
    errors.proof = PROOF_MESSAGES[spent.reason];
    return { code: "bad_request", result: { errors, values, data: { ...data, proofKept: false }, message: errors.proof } };
  }
  await submitFeatureApplication(database, { type, input: parsed.data, logo: logo.ok === true ? logo : null, userId, clientAddress });
  return { code: null, result: { message: RECEIVED } };
}

/** Sent without a length and over the multipart limit (app/lib/body-limits.ts): said beside the logo. */
const TOO_LARGE: FeatureApplicationAnswer = {
  code: "payload_too_large",
  result: { message: "The upload is too large.", errors: { logo: "The logo is too large; the limit is 1 MB." } },
};

/**
 * The form, or null for a body over the limit. A declared length over it never reaches the route
 * (server/request-guard.ts); the page checks the file before sending. Any other refusal of the body is thrown on.
 */
async function readApplicationForm(request: Request): Promise<FormData | null> {
  try {
    return await readForm(request, { nulInValues: true });
  } catch (error) {
    const tooLarge =
      (error instanceof Response && error.status === STATUS_BY_CODE.payload_too_large) ||
      (error instanceof AppError && error.code === "payload_too_large");
    if (tooLarge) return null;
    throw error;
  }
}
