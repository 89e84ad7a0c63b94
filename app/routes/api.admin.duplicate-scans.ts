import type { Route } from "./+types/api.admin.duplicate-scans";
import { ScanRequest } from "~/features/duplicates/cleanup-response.ts";
import { startDuplicateScan } from "~/features/duplicates/server/duplicate-scan-job.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { AppError } from "~/lib/errors.ts";
import { accepted, methodNotAllowed, readBody } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";
import { jobView } from "~/lib/job-view.ts";

/** What this endpoint takes (decision 0069): its loader only refuses, so GET and HEAD are not in Allow. */
export const methods = ["POST"];

/**
 * POST /api/admin/duplicate-scans: the cleanup controls plus `batches` (2 or more, or null for every batch from
 * the start). Queues a job and answers 202 with it; GET /api/admin/jobs/{id} then reports its progress.
 */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  if (args.request.method !== "POST") return methodNotAllowed();
  const body = await readBody(args.request);
  if (!body) throw new AppError("bad_request", "The body must be JSON.");
  const scan = parse(ScanRequest, body);
  const job = await startDuplicateScan(getAppContext(args.context).database, scan, admin);
  return accepted(jobView(job), `/api/admin/jobs/${job.id}`);
}

export function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  return methodNotAllowed();
}
