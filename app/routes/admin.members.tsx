import type { Route } from "./+types/admin.members";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { listMembers } from "~/features/members/list-members.server.ts";
import { membersHref, parseMemberQuery } from "~/features/members/member-query.ts";
import { MembersPage } from "~/features/members/members-page.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Members | Back-office | Introbase" }, { name: "robots", content: "noindex" }];
}

/** Every member for operators (issue 30 §6, decision 0081): search by part of a name or address, newest first, 50 a page. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const query = parseMemberQuery(new URL(args.request.url).searchParams);
  const page = await listMembers(getAppContext(args.context).database, query);
  return {
    q: query.q,
    error: query.error,
    items: page.items,
    matches: page.matches,
    now: page.now,
    newerHref: page.newer ? membersHref(query.q, { before: page.newer }) : null,
    olderHref: page.older ? membersHref(query.q, { after: page.older }) : null,
  };
}

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  return <MembersPage {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
