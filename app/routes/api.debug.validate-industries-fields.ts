import type { Route } from "./+types/api.debug.validate-industries-fields";
import { requireAdmin } from "~/lib/guards.server.ts";
import { jsonErrorResponse } from "~/lib/http.server.ts";

// Placeholder: being built (issue 6).
export function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "debug");
  return jsonErrorResponse(404, "Not found.");
}
