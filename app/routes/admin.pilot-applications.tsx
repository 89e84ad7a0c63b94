import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin.pilot-applications";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { decidePilotApplication, getPilotSlotsOpen, listPilotApplications } from "~/features/applications/pilot-applications.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { describeError } from "~/lib/http.server.ts";
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
  if (!parsed.success) return { message: "Choose an application and a decision." };
  try {
    await decidePilotApplication(getAppContext(args.context).database, parsed.data.id, parsed.data.decision);
  } catch (error) {
    // A full cohort or a vanished application: said on the page, with its status.
    const { status, message } = describeError(error);
    return data({ message }, { status });
  }
  return { message: `Application ${parsed.data.decision}.` };
}

export default function PilotApplications({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Pilot applications</h1>
      <p className="mt-2 text-sm text-fg-muted">{loaderData.slotsOpen} slots of the cohort open.</p>
      {actionData?.message ? (
        <p role="status" className="mt-3 text-sm">
          {actionData.message}
        </p>
      ) : null}
      {loaderData.applications.length === 0 ? <p className="mt-8 text-fg-muted">No applications yet.</p> : null}
      <ul className="mt-6 grid gap-3">
        {loaderData.applications.map((a) => (
          <li key={a.id} className="rounded-lg border border-border p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-medium break-words">
                {a.company} <span className="font-normal text-fg-muted">· {a.stage}</span>
              </h2>
              <Badge variant={a.status === "accepted" ? "accent" : "outline"}>{a.status}</Badge>
            </div>
            <p className="mt-1 text-xs break-all text-fg-muted">
              {a.contactName} &lt;{a.contactEmail}&gt; · {a.website} · {a.createdAt.slice(0, 10)}
            </p>
            <p className="mt-2 text-sm whitespace-pre-wrap">{a.goals}</p>
            {a.status === "new" ? (
              <Form method="post" className="mt-3 flex gap-2">
                <input type="hidden" name="id" value={a.id} />
                <Button type="submit" size="sm" name="decision" value="accepted" disabled={busy}>
                  Accept
                </Button>
                <Button type="submit" size="sm" variant="secondary" name="decision" value="declined" disabled={busy}>
                  Decline
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
