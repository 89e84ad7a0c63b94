import type { Route } from "./+types/crawler-test";
import { requireAdmin } from "~/lib/guards.server.ts";

// Placeholder: being built (issue 6).
export function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "debug");
  return null;
}

export default function Placeholder() {
  return <p className="p-10">Coming soon.</p>;
}
