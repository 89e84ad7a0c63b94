import { data } from "react-router";
import type { Route } from "./+types/get-featured";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { featureFormOptions } from "~/features/applications/feature-application-form.tsx";
import { parseFeatureApplication, readFeatureForm, withoutNul, type FeatureField } from "~/features/applications/feature-application.ts";
import { featureApplicationAttempts, submitFeatureApplication } from "~/features/applications/feature-applications.server.ts";
import { FEATURE_AUDIENCES, GetFeaturedPage, type FeatureSubmission } from "~/features/applications/get-featured-page.tsx";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import { checkLogo } from "~/features/media/stored-files.server.ts";
import { notFoundMeta, originOf, pageMeta } from "~/features/seo/meta-tags.ts";
import { PROOF_FIELD } from "~/features/verification/proof-field.ts";
import { PROOF_MESSAGES, checkProof, spendCheckedProof } from "~/features/verification/proof-of-work.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { STATUS_BY_CODE, type ErrorCode } from "~/lib/errors.ts";
import { FIX_FIELDS, type FieldErrors } from "~/lib/form-parse.ts";
import { formDone, formRefused } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { countAttempt } from "~/lib/rate-limit.server.ts";

/** Only startups and partners apply here; any other type (/get-featured/investor) is the site's not-found page. */
function audienceOf(param: string | undefined): keyof typeof FEATURE_AUDIENCES {
  if (param === "startup" || param === "partner") return param;
  throw data(null, { status: STATUS_BY_CODE.not_found });
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (params.type !== "startup" && params.type !== "partner")
    logger.warn({ path: new URL(request.url).pathname.replace(/\.data$/, "").slice(0, 500) }, "page not found");
  const type = audienceOf(params.type);
  const reference = await getReferenceData(getAppContext(context).database);
  return {
    type,
    options: featureFormOptions(reference),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta(originOf(matches));
  const audience = FEATURE_AUDIENCES[loaderData.type];
  return pageMeta({
    origin: originOf(matches),
    path: `/get-featured/${loaderData.type}`,
    title: audience.title,
    description: audience.intro,
  });
}

type Field = FeatureField | "logo" | "proof";
const refuse = (code: ErrorCode, result: Omit<FeatureSubmission, "ok">) => formRefused(code, result);
const done = (result: Omit<FeatureSubmission, "ok">) => formDone(result);

export async function action({ request, params, context }: Route.ActionArgs) {
  const type = audienceOf(params.type);
  const { database, user, clientAddress } = getAppContext(context);
  if (!(await countAttempt(database, featureApplicationAttempts, clientAddress)).allowed) {
    const message = "Too many applications from your network in the last hour. Please try again later.";
    return refuse("rate_limited", { message });
  }
  let form: FormData;
  try {
    form = await readForm(request, { nulInValues: true });
  } catch (error) {
    // Sent without a length and over the multipart limit (app/lib/body-limits.ts): said beside the logo. A declared
    // length over it never reaches the route (server/request-guard.ts); the form checks the file before sending.
    if (error instanceof Response && error.status === STATUS_BY_CODE.payload_too_large)
      return refuse("payload_too_large", {
        message: "The upload is too large.",
        errors: { logo: "The logo is too large; the limit is 1 MB." },
      });
    throw error;
  }
  const typed = readFeatureForm(form);
  const reference = await getReferenceData(database);
  const countryCodes = new Map(reference.countries.map((c) => [c.id, c.isoCode]));
  const parsed = parseFeatureApplication(type, typed, { countryCodes });
  const values = withoutNul(typed);
  const errors: FieldErrors<Field> = parsed.ok ? {} : { ...parsed.errors };

  // The robot check comes first, then every field and the logo are checked; only a submission that passes all of
  // it is stored, the logo and the application in one transaction. A logo kept for a submission that failed stayed
  // stored and served from /media to anyone given its address (issue 14).
  // A proof is checked here and spent only with a submission that is stored: refused fields leave it unspent, so the
  // page keeps the solved box (proofKept) and the fixed form goes with the same proof, which then counts once (issue 31).
  const proof = await checkProof(database, form.get(PROOF_FIELD));
  const logo = await checkLogo(form.get("logo"));
  const data = { logoChosen: logo.ok === true, proofKept: proof.ok };
  if (!proof.ok) {
    errors.proof = PROOF_MESSAGES[proof.reason];
    return refuse("bad_request", { errors, values, data, message: errors.proof });
  }
  if (logo.ok === false) errors.logo = logo.message;
  if (!parsed.ok || errors.logo) return refuse("bad_request", { errors, values, data, message: FIX_FIELDS });
  const spent = await spendCheckedProof(database, proof.proof);
  if (!spent.ok) {
    errors.proof = PROOF_MESSAGES[spent.reason];
    return refuse("bad_request", { errors, values, data: { ...data, proofKept: false }, message: errors.proof });
  }
  await submitFeatureApplication(database, {
    type,
    input: parsed.data,
    logo: logo.ok === true ? logo : null,
    userId: user?.id ?? null,
    clientAddress,
  });
  return done({ message: "Thank you! Your application was received. We'll e-mail you when our team has reviewed it." });
}

export default function GetFeatured({ loaderData, actionData }: Route.ComponentProps) {
  return <GetFeaturedPage type={loaderData.type} options={loaderData.options} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
