import { z } from "zod";
import type { Route } from "./+types/api.debug.industries-migration";
import { getMigrationJob, latestMigrationJob, startIndustriesMigration } from "~/features/taxonomy/migration-jobs.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { accepted, methodNotAllowed } from "~/lib/http.server.ts";
import { jobView } from "~/lib/job-view.ts";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /api/debug/industries-migration?job={id}: a migration job and its run (steps, log, results), live while it
 * runs; without `job`, the latest migration (or null).
 */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "debug");
  const { database } = getAppContext(args.context);
  const raw = new URL(args.request.url).searchParams.get("job");
  if (raw === null) return Response.json(await latestMigrationJob(database), { headers: NO_STORE });
  const id = z.uuid().safeParse(raw);
  if (!id.success) throw new AppError("bad_request", "The job id must be a UUID.");
  const view = await getMigrationJob(database, id.data);
  if (!view) notFound("No such migration.");
  return Response.json(view, { headers: NO_STORE });
}

/**
 * POST: queues a migration and answers 202 with its job; while another is under way, the conflict AppError answers
 * 409 with the running one (its details) through the error pipeline.
 */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "debug");
  if (args.request.method !== "POST") return methodNotAllowed();
  const job = await startIndustriesMigration(getAppContext(args.context).database, admin);
  return accepted({ job: jobView(job), run: null }, `/api/debug/industries-migration?job=${job.id}`);
}
