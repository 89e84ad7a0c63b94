import type { Route } from "./+types/api.admin.cleanup-duplicates";
import { CleanupRequest } from "~/features/duplicates/cleanup-response.ts";
import { runCleanup } from "~/features/duplicates/cleanup.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { badRequest, jsonErrorResponse, methodNotAllowed, readBody } from "~/lib/http.server.ts";
import { logger } from "~/lib/logger.server.ts";

/** POST /api/admin/cleanup-duplicates (spec 02 §7): dryRun, similarity, batchSize, batchOffset, usePythonService. */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  if (args.request.method !== "POST") return methodNotAllowed();
  const body = await readBody(args.request);
  if (!body) return badRequest("The body must be JSON.");
  const parsed = CleanupRequest.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? "Invalid request.");
  try {
    return Response.json(await runCleanup(getAppContext(args.context).database, parsed.data, admin), {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    logger.error({ err: error }, "duplicate cleanup failed");
    return jsonErrorResponse(500, "Failed to run duplicate cleanup");
  }
}

export function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  return methodNotAllowed();
}
