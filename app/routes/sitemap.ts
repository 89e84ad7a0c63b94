import type { Route } from "./+types/sitemap";

// Placeholder: being built (issue 6).
export function loader(_: Route.LoaderArgs) {
  return new Response("Not found", { status: 404 });
}
