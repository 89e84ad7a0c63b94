import type { Route } from "./+types/pilot";
import { parsePilotApplication } from "~/features/applications/pilot-application.ts";
import { getPilotSlotsOpen, pilotApplicationAttempts, submitPilotApplication } from "~/features/applications/pilot-applications.server.ts";
import { PILOT_OFFER } from "~/features/applications/pilot-offer.ts";
import { PilotPage } from "~/features/applications/pilot-page.tsx";
import { originOf, pageMeta } from "~/features/seo/meta-tags.ts";
import { guardPublicForm } from "~/features/verification/public-form-guard.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { refused } from "~/lib/form-parse.ts";
import { formDone, formRefused } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originOf(matches),
    path: "/pilot",
    title: "Partner-Led Growth Pilot",
    description: `A done-for-you, partner-led growth pilot: ${PILOT_OFFER.introsPromised} warm intros in ${PILOT_OFFER.pilotDays} days for B2B startups from Seed to Series A. Cohort of ${PILOT_OFFER.cohortSize} startups.`,
  });
}

/** The cohort's open slots (the cohort less the pilots operators accepted), and whether the form is asked for in place. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const showForm = new URL(request.url).searchParams.has("apply");
  return { slotsOpen: await getPilotSlotsOpen(getAppContext(context).database), showForm };
}

/** Our own pilot application form posts here (from the dialog on any page, or from this page without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, user, clientAddress } = getAppContext(context);
  const parsed = parsePilotApplication(Object.fromEntries(await readForm(request, { nulInValues: true })));
  if (!parsed.ok) return formRefused("bad_request", refused(parsed));
  const message = "Too many applications from your network in the last hour. Please try again later.";
  const guard = await guardPublicForm(database, { limit: { rateLimit: pilotApplicationAttempts, subject: clientAddress, message } });
  if (!guard.ok) return formRefused(guard.code, { message: guard.message, values: parsed.data });
  await submitPilotApplication(database, parsed.data, user?.id ?? null);
  return formDone({ message: "Thank you! Your application was received. We'll reply by e-mail within a few days." });
}

export default function Pilot({ loaderData, actionData }: Route.ComponentProps) {
  return <PilotPage slotsOpen={loaderData.slotsOpen} showForm={loaderData.showForm} result={actionData} />;
}
