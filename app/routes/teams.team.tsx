import { Outlet } from "react-router";
import { StatusPage } from "~/components/layout/status-page.tsx";
import type { Route } from "./+types/teams.team";
import { TeamAreaHeader } from "~/features/teams/team-area.tsx";
import { requireTeamMember } from "~/features/teams/team-membership.server.ts";

/**
 * The frame of one team's pages (issue 37, decision 0118): its name, the viewer's role, the sections. Every child
 * route's loader and action calls requireTeamMember itself: loaders run side by side, so this one's check guards
 * only this one's data.
 */
export async function loader(args: Route.LoaderArgs) {
  const { membership } = await requireTeamMember(args, args.params.teamId);
  return { team: { id: membership.teamId, name: membership.teamName }, role: membership.role };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.team.name ?? "Team"} | Teams | Introbase` }, { name: "robots", content: "noindex" }];
}

/** A stranger's 404, a member's 403: said inside the site's frame, as the other areas' pages say theirs. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}

export default function TeamFrame({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <TeamAreaHeader team={loaderData.team} role={loaderData.role} />
      <Outlet />
    </div>
  );
}
