import { z } from "zod";
import type { Route } from "./+types/api.admin.merge-manual-duplicate";
import { mergePair } from "~/features/duplicates/server/manual-merge.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { methodNotAllowed, readBody } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

/** What this endpoint takes (decision 0069): its loader only refuses, so GET and HEAD are not in Allow. */
export const methods = ["POST"];

const Body = z.object({
  recordIds: z.tuple([z.uuid(), z.uuid()], { error: "recordIds must be a pair of listing ids." }),
  dryRun: z.boolean().default(false),
  survivorId: z.uuid({ error: "survivorId must be a listing id." }).optional(),
});

/**
 * POST /api/admin/merge-manual-duplicate (spec 02 §7): { recordIds: [a, b], dryRun=false } → { success, error }. Our
 * addition: survivorId, one of the pair, is the listing that survives (the compare dialog's choice); without it, the
 * one created first.
 */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  if (args.request.method !== "POST") return methodNotAllowed();
  const body = await readBody(args.request);
  const { recordIds, dryRun, survivorId } = parse(Body, body ?? {});
  try {
    const result = await mergePair(getAppContext(args.context).database, recordIds, { admin, dryRun, survivorId });
    return Response.json({ success: true, error: null, ...result }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    // The spec's { success, error } shape for a refusal (the pipeline puts details beside the error); a failure of
    // ours goes to the pipeline as it is.
    if (error instanceof AppError && error.status < 500)
      throw new AppError(error.code, error.message, { details: { success: false }, headers: error.headers, cause: error });
    throw error;
  }
}

export function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  return methodNotAllowed();
}
