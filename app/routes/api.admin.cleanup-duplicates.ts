import type { Route } from "./+types/api.admin.cleanup-duplicates";
import { CleanupRequest } from "~/features/duplicates/cleanup-response.ts";
import { runCleanup } from "~/features/duplicates/server/cleanup.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { AppError } from "~/lib/errors.ts";
import { methodNotAllowed, readBody } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

/** What this endpoint takes (decision 0069): its loader only refuses, so GET and HEAD are not in Allow. */
export const methods = ["POST"];

/** POST /api/admin/cleanup-duplicates (spec 02 §7): dryRun, similarity, batchSize, batchOffset, usePythonService. */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  if (args.request.method !== "POST") return methodNotAllowed();
  const body = await readBody(args.request);
  if (!body) throw new AppError("bad_request", "The body must be JSON.");
  const cleanup = parse(CleanupRequest, body);
  return Response.json(await runCleanup(getAppContext(args.context).database, cleanup, admin), {
    headers: { "Cache-Control": "no-store" },
  });
}

export function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  return methodNotAllowed();
}
