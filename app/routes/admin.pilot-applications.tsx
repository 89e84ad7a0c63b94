import { z } from "zod";
import type { Route } from "./+types/admin.pilot-applications";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { PilotApplicationsPage } from "~/features/applications/pilot-applications-page.tsx";
import { decidePilotApplication, getPilotSlotsOpen, listPilotApplications } from "~/features/applications/pilot-applications.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Pilot applications | Introbase" }, { name: "robots", content: "noindex" }];
}

/** Operators read pilot applications and accept or decline them; each acceptance takes a slot of the cohort. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const { database } = getAppContext(args.context);
  const [applications, slotsOpen] = await Promise.all([listPilotApplications(database), getPilotSlotsOpen(database)]);
  return { slotsOpen, applications: applications.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })) };
}

const Decision = z.object({ id: z.uuid(), decision: z.enum(["accepted", "declined"]) });

export async function action(args: Route.ActionArgs) {
  requireAdmin(args, "admin");
  const parsed = Decision.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) return formRefused("bad_request", { message: "Choose an application and a decision." });
  try {
    await decidePilotApplication(getAppContext(args.context).database, parsed.data.id, parsed.data.decision);
  } catch (error) {
    // A full cohort or a vanished application: said on the page, with its status.
    return formRefusedBy(error, { target: parsed.data.id });
  }
  return formDone({ target: parsed.data.id, message: `Application ${parsed.data.decision}.` });
}

export default function PilotApplications({ loaderData, actionData }: Route.ComponentProps) {
  return <PilotApplicationsPage page={loaderData} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
