import { Link } from "react-router";
import { StatusTabs } from "~/components/admin/status-tabs.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import type { ApplicationStatus, FeatureApplicationRow, PossibleDuplicate } from "./feature-applications.server.ts";
import { formatDate } from "~/lib/format-date.ts";

export const APPLICATION_TABS = ["new", "approved", "rejected", "all"] as const;
const TAB_LABEL = { new: "To review", approved: "Approved", rejected: "Rejected", all: "All" } as const;

export interface ApplicationListItem extends Pick<
  FeatureApplicationRow,
  "id" | "type" | "name" | "websiteUrl" | "tagline" | "contactEmail"
> {
  status: ApplicationStatus;
  createdAt: string;
  duplicates: PossibleDuplicate[];
}

/** The back-office list of applications from /get-featured, with possible duplicates of existing listings flagged. */
export function FeatureApplicationsPage({
  tab,
  counts,
  applications,
}: {
  tab: (typeof APPLICATION_TABS)[number];
  counts: Partial<Record<ApplicationStatus, number>>;
  applications: ApplicationListItem[];
}) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Feature applications</h1>
      <p className="mt-2 text-sm text-fg-muted">
        Startups and partners asking to be listed. Approve into a published listing, or reject with a reason.
      </p>
      <StatusTabs label="Application status" tabs={APPLICATION_TABS} current={tab} labels={TAB_LABEL} counts={counts} />
      {applications.length === 0 ? <p className="mt-8 text-fg-muted">No applications here.</p> : null}
      <ul className="mt-6 grid gap-3">
        {applications.map((a) => (
          <li key={a.id} className="rounded-lg border border-border p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-medium break-words">
                <Link to={`/admin/applications/${a.id}`} className="text-accent underline">
                  {a.name}
                </Link>{" "}
                <span className="font-normal text-fg-muted">· {a.type}</span>
              </h2>
              <Badge variant={a.status === "approved" ? "accent" : "outline"}>{a.status}</Badge>
            </div>
            <p className="mt-1 text-sm">{a.tagline}</p>
            <p className="mt-1 text-xs break-all text-fg-muted">
              {a.websiteUrl} · {a.contactEmail} · {formatDate(a.createdAt)}
            </p>
            {a.duplicates.length > 0 ? (
              <p className="mt-2 text-sm text-danger">
                Possible duplicate of {a.duplicates.map((d) => `${d.name} (${d.reason})`).join("; ")}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
