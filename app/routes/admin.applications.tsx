import type { Route } from "./+types/admin.applications";
import { StatusPage } from "~/components/layout/status-page.tsx";
import {
  countFeatureApplicationsByStatus,
  possibleDuplicates,
  listFeatureApplications,
  type ApplicationStatus,
} from "~/features/applications/feature-applications.server.ts";
import { APPLICATION_TABS as TABS, FeatureApplicationsPage } from "~/features/applications/feature-applications-page.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Feature applications | Introbase" }, { name: "robots", content: "noindex" }];
}

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
  return <FeatureApplicationsPage {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
