import { z } from "zod";
import type { Route } from "./+types/api.admin.merge-manual-duplicate";
import { mergePair } from "~/features/duplicates/server/manual-merge.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { zodBadRequest, methodNotAllowed, readBody } from "~/lib/http.server.ts";

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
  const parsed = Body.safeParse(body ?? {});
  if (!parsed.success) return zodBadRequest(parsed.error, "Invalid request.");
  try {
    const result = await mergePair(getAppContext(args.context).database, parsed.data.recordIds, {
      admin,
      dryRun: parsed.data.dryRun,
      survivorId: parsed.data.survivorId,
    });
    return Response.json({ success: true, error: null, ...result }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    // The spec's { success, error } shape for a refusal; a failure of ours goes to the error pipeline.
    if (error instanceof AppError && error.status < 500)
      return Response.json({ success: false, error: error.message }, { status: error.status, headers: { "Cache-Control": "no-store" } });
    throw error;
  }
}

export function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  return methodNotAllowed();
}
