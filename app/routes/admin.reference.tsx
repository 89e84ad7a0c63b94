import type { Route } from "./+types/admin.reference";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { countReferenceLists } from "~/features/reference-editor/list-reference.server.ts";
import { ReferenceIndexPage } from "~/features/reference-editor/reference-index-page.tsx";
import { LIST_SLUGS, LISTS } from "~/features/reference-editor/reference-lists.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Reference lists | Introbase admin" }, { name: "robots", content: "noindex" }];
}

/** The reference lists operators edit (issue 5 §1), each with how many values it holds, and the tier records. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const counts = await countReferenceLists(getAppContext(args.context).database);
  return {
    lists: LIST_SLUGS.map((slug) => ({ slug, title: LISTS[slug].title, description: LISTS[slug].description, count: counts[slug] })),
  };
}

export default function AdminReference({ loaderData }: Route.ComponentProps) {
  return <ReferenceIndexPage lists={loaderData.lists} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
