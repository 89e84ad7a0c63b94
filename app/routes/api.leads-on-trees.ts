import type { Route } from "./+types/api.leads-on-trees";
import { leadsApi } from "~/features/lead-debugger/leads-api.server.ts";

/** GET or POST /api/leads-on-trees?endpoint=funding|m-a (spec 02 §7), for the provider debugger; admins only (DESIGN D7). */
export function loader(args: Route.LoaderArgs) {
  return leadsApi(args);
}

export function action(args: Route.ActionArgs) {
  return leadsApi(args);
}
