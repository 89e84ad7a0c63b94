import type { Route } from "./+types/api.debug.validate-industries-fields";
import { industriesFieldsAnswer } from "~/features/taxonomy/industries-fields.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";

/**
 * GET /api/debug/validate-industries-fields (spec 02 §7): { success, error, existingFields } plus the eight fields
 * with their status, whether the table is ready for the migration, and the manual steps for what is missing.
 */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "debug");
  return industriesFieldsAnswer(getAppContext(args.context).database);
}
