import type { Route } from "./+types/api.debug.validate-industries-fields";
import { validateIndustriesFields } from "~/features/taxonomy/industries-fields.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { describeError } from "~/lib/http.server.ts";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /api/debug/validate-industries-fields (spec 02 §7): { success, error, existingFields } plus the eight fields
 * with their status, whether the table is ready for the migration, and the manual steps for what is missing.
 */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "debug");
  try {
    return Response.json(await validateIndustriesFields(getAppContext(args.context).database), { headers: NO_STORE });
  } catch (error) {
    const { status, message } = describeError(error);
    return Response.json({ success: false, error: message, existingFields: [] }, { status, headers: NO_STORE });
  }
}
