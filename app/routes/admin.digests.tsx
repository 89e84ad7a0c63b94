import { z } from "zod";
import type { Route } from "./+types/admin.digests";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { DigestRunsPage } from "~/features/digests/digest-runs-page.tsx";
import { listDigestRuns, sendDigestNow } from "~/features/digests/digest-runs.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Alert digests | Introbase" }, { name: "robots", content: "noindex" }];
}

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  return { runs: await listDigestRuns(getAppContext(args.context).database) };
}

const SendNow = z.object({ cadence: z.enum(["daily", "weekly"]) });

/** Queues the current period's digest now (trying alerts out locally, a demo). */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const parsed = SendNow.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) return formRefused("bad_request", { message: "Choose the daily or the weekly digest." });
  try {
    const jobId = await sendDigestNow(getAppContext(args.context).database, parsed.data.cadence, admin.id);
    return formDone({ message: `The ${parsed.data.cadence} digest is queued (job ${jobId}).` });
  } catch (error) {
    return formRefusedBy(error);
  }
}

export default function AdminDigests({ loaderData, actionData }: Route.ComponentProps) {
  return <DigestRunsPage runs={loaderData.runs} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
