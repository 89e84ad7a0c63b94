import { z } from "zod";
import type { Route } from "./+types/api.admin.jobs";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { getJob } from "~/lib/job-queue.server.ts";
import { jobView } from "~/lib/job-view.ts";

/** GET /api/admin/jobs/{id}: a job's status, live progress, counters, error log, and its output once completed. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const id = z.uuid().safeParse(args.params.id);
  if (!id.success) throw new AppError("bad_request", "The job id must be a UUID.");
  const job = await getJob(getAppContext(args.context).database, id.data);
  if (!job) notFound("No such job.");
  return Response.json(jobView(job), { headers: { "Cache-Control": "no-store" } });
}
