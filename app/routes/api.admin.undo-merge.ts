import { z } from "zod";
import type { Route } from "./+types/api.admin.undo-merge";
import { undoMerge } from "~/features/duplicates/server/merge.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { methodNotAllowed, readBody } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

/** What this endpoint takes (decision 0069): its loader only refuses, so GET and HEAD are not in Allow. */
export const methods = ["POST"];

const Body = z.object({ mergeId: z.uuid({ error: "mergeId must be the id of a merge." }) });

/** POST /api/admin/undo-merge { mergeId }: both listings and every moved row back as they were. */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  if (args.request.method !== "POST") return methodNotAllowed();
  const { mergeId } = parse(Body, (await readBody(args.request)) ?? {});
  try {
    await undoMerge(getAppContext(args.context).database, { mergeId, admin });
    return Response.json({ success: true, error: null }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      throw new AppError(error.code, error.message, { details: { success: false }, headers: error.headers, cause: error });
    throw error;
  }
}

export function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  return methodNotAllowed();
}
