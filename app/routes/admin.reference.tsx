import type { Route } from "./+types/admin.reference";
import { requireAdmin } from "~/lib/guards.server.ts";

// Placeholder: being built (issue 5).
export function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  return null;
}

export default function Placeholder() {
  return <p className="p-10">Coming soon.</p>;
}
