import { Link } from "react-router";
import type { Route } from "./+types/admin.applications";
import { StatusTabs } from "~/components/admin/status-tabs.tsx";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import {
  countFeatureApplicationsByStatus,
  possibleDuplicates,
  listFeatureApplications,
  type ApplicationStatus,
} from "~/features/applications/feature-applications.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Feature applications | Introbase" }, { name: "robots", content: "noindex" }];
}

const TABS = ["new", "approved", "rejected", "all"] as const;
const TAB_LABEL = { new: "To review", approved: "Approved", rejected: "Rejected", all: "All" } as const;

/** Applications from /get-featured, newest first, with possible duplicates of existing listings flagged. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const { database } = getAppContext(args.context);
  const raw = new URL(args.request.url).searchParams.get("status") ?? "new";
  const tab = (TABS as readonly string[]).includes(raw) ? (raw as (typeof TABS)[number]) : "new";
  const [rows, counts] = await Promise.all([
    listFeatureApplications(database, tab === "all" ? null : (tab as ApplicationStatus)),
    countFeatureApplicationsByStatus(database),
  ]);
  const duplicates = await possibleDuplicates(
    database,
    rows.filter((a) => a.status === "new"),
  );
  const applications = rows.map((a) => ({
    id: a.id,
    type: a.type,
    name: a.name,
    websiteUrl: a.websiteUrl,
    tagline: a.tagline,
    contactEmail: a.contactEmail,
    status: a.status,
    createdAt: a.createdAt.toISOString(),
    duplicates: duplicates.get(a.id) ?? [],
  }));
  return { tab, counts, applications };
}

export default function AdminApplications({ loaderData }: Route.ComponentProps) {
  const { tab, counts, applications } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Feature applications</h1>
      <p className="mt-2 text-sm text-fg-muted">
        Startups and partners asking to be listed. Approve into a published listing, or reject with a reason.
      </p>
      <StatusTabs label="Application status" tabs={TABS} current={tab} labels={TAB_LABEL} counts={counts} />
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
              {a.websiteUrl} · {a.contactEmail} · {a.createdAt.slice(0, 10)}
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
