import { z } from "zod";
import type { Route } from "./+types/admin.applications.detail";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { ApplicationReviewPage, type ApplicationSubmission } from "~/features/applications/application-review-page.tsx";
import { applicationReviewData } from "~/features/applications/application-review.server.ts";
import {
  parseFeatureApplication,
  readFeatureForm,
  type FeatureField,
  type FeatureFormValues,
} from "~/features/applications/feature-application.ts";
import {
  approveFeatureApplication,
  getFeatureApplication,
  rejectFeatureApplication,
  updateFeatureApplication,
} from "~/features/applications/feature-applications.server.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { notFound, type ErrorCode } from "~/lib/errors.ts";
import { FIX_FIELDS } from "~/lib/form-parse.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.application.name ?? "Application"} | Feature applications | Introbase` },
    { name: "robots", content: "noindex" },
  ];
}

async function load(args: Route.LoaderArgs | Route.ActionArgs) {
  const id = z.uuid().safeParse(args.params.id);
  const application = id.success ? await getFeatureApplication(getAppContext(args.context).database, id.data) : null;
  if (!application) notFound("No such application.");
  return application;
}

/** One application: what was sent, possible duplicates, its history; editable and decidable while new. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const application = await load(args);
  return applicationReviewData(getAppContext(args.context).database, application);
}

const refuse = (code: ErrorCode, result: Omit<ApplicationSubmission, "ok">) => formRefused(code, result);
const done = (result: Omit<ApplicationSubmission, "ok">) => formDone(result);

const Decision = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save") }),
  z.object({ intent: z.literal("approve"), featured: z.literal("on").optional() }),
  z.object({
    intent: z.literal("reject"),
    reason: z.string().trim().min(1, "Give the applicant a reason.").max(1000, "At most 1,000 characters."),
  }),
]);

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const { database } = getAppContext(args.context);
  const application = await load(args);
  const form = await readForm(args.request);
  const decision = Decision.safeParse(Object.fromEntries(form));
  if (!decision.success) {
    const message = decision.error.issues[0]?.message ?? "Choose an action.";
    return refuse("bad_request", { message, errors: { reason: message } });
  }
  try {
    if (decision.data.intent === "save") {
      const values = readFeatureForm(form);
      const reference = await getReferenceData(database);
      const countryCodes = new Map(reference.countries.map((c) => [c.id, c.isoCode]));
      const parsed = parseFeatureApplication(application.type, values, { countryCodes });
      if (!parsed.ok) return refuse("bad_request", { message: FIX_FIELDS, errors: parsed.errors, values });
      await updateFeatureApplication(database, application.id, parsed.data, admin);
      return done({ message: "Saved." });
    }
    if (decision.data.intent === "approve") {
      const listing = await approveFeatureApplication(database, application.id, { featured: decision.data.featured === "on", admin });
      return done({
        message: "Approved and published. The applicant has been e-mailed.",
        data: { listing: `/profile/${listing.type}/${listing.slug}` },
      });
    }
    await rejectFeatureApplication(database, application.id, { reason: decision.data.reason, admin });
    return done({ message: "Rejected. The applicant has been e-mailed the reason." });
  } catch (error) {
    return formRefusedBy<FeatureField | "reason", { listing: string }, FeatureFormValues>(error);
  }
}

export default function AdminApplication({ loaderData, actionData }: Route.ComponentProps) {
  return <ApplicationReviewPage page={loaderData} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
