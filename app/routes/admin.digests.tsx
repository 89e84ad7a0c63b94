import { z } from "zod";
import type { Route } from "./+types/admin.digests";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { DigestRunsPage } from "~/features/digests/digest-runs-page.tsx";
import { listDigestRuns, sendDigestNow } from "~/features/digests/digest-runs.server.ts";
import { OwnerSummaryRuns } from "~/features/owner-insights/owner-summary-runs.tsx";
import { listOwnerSummaryRuns, sendOwnerSummaryNow } from "~/features/owner-insights/monthly-summary.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Alert digests | Introbase" }, { name: "robots", content: "noindex" }];
}

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const { database } = getAppContext(args.context);
  return { runs: await listDigestRuns(database), ownerSummaries: await listOwnerSummaryRuns(database) };
}

const SendNow = z.object({ cadence: z.enum(["daily", "weekly", "owner-summary"]) });

/** Queues the current period's digest now (trying alerts out locally, a demo). */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const parsed = SendNow.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) return formRefused("bad_request", { message: "Choose the daily or the weekly digest." });
  try {
    // The owners' monthly summary (decision 0117): this month so far, queued once.
    if (parsed.data.cadence === "owner-summary") {
      const jobId = await sendOwnerSummaryNow(getAppContext(args.context).database, admin.id);
      return formDone({ message: `The owners' monthly summary is queued (job ${jobId}).` });
    }
    const jobId = await sendDigestNow(getAppContext(args.context).database, parsed.data.cadence, admin.id);
    return formDone({ message: `The ${parsed.data.cadence} digest is queued (job ${jobId}).` });
  } catch (error) {
    return formRefusedBy(error);
  }
}

export default function AdminDigests({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <DigestRunsPage runs={loaderData.runs} result={actionData} />
      <OwnerSummaryRuns runs={loaderData.ownerSummaries} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
