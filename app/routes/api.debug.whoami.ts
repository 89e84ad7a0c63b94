import type { Route } from "./+types/api.debug.whoami";
import { requireAdmin } from "~/lib/guards.server.ts";

/** GET /api/debug/whoami: the signed-in admin as the server sees them (role and tier from the database). */
export function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, "debug");
  return Response.json(
    { id: admin.id, email: admin.email, role: admin.role, tier: admin.tier },
    { headers: { "Cache-Control": "no-store" } },
  );
}
