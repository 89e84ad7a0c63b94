import type { Route } from "./+types/api.admin.jobs";
import { jsonErrorResponse } from "~/lib/http.server.ts";

export function loader(_: Route.LoaderArgs) {
  return jsonErrorResponse(404, "Not found.");
}
