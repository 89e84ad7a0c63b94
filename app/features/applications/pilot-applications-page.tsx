import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import type { listPilotApplications } from "./pilot-applications.server.ts";
import { formatDate } from "~/lib/format-date.ts";

type PilotApplicationRow = Awaited<ReturnType<typeof listPilotApplications>>[number];

export interface PilotApplicationsData {
  slotsOpen: number;
  applications: Array<Omit<PilotApplicationRow, "createdAt"> & { createdAt: string }>;
}

/** Operators read pilot applications and accept or decline them; each acceptance takes a slot of the cohort. */
export function PilotApplicationsPage({ page: loaderData, result: actionData }: { page: PilotApplicationsData; result?: FormResult }) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Pilot applications</h1>
      <p className="mt-2 text-sm text-fg-muted">{loaderData.slotsOpen} slots of the cohort open.</p>
      {actionData?.message ? (
        <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? "mt-3 text-sm" : "mt-3 text-sm text-danger"}>
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
              {a.contactName} &lt;{a.contactEmail}&gt; · {a.website} · {formatDate(a.createdAt)}
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
