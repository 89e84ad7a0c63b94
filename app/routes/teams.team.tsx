import { Outlet } from "react-router";
import { StatusPage } from "~/components/layout/status-page.tsx";
import type { Route } from "./+types/teams.team";
import { requireTeamMember } from "~/features/teams/team-membership.server.ts";

/**
 * A minimal frame of one team's pages, so the seats page runs on this branch (issue 37, part B). Part A's team layout
 * (section nav: Members, Invitations, Settings, Seats and billing) replaces this file when the parts are merged. Every
 * child route's loader and action calls requireTeamMember itself: loaders run side by side.
 */
export async function loader(args: Route.LoaderArgs) {
  const { membership } = await requireTeamMember(args, args.params.teamId);
  return { team: { id: membership.teamId, name: membership.teamName } };
}

/** A stranger's 404, a member's 403: said inside the site's frame (the root's boundary is for a page with none). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}

export default function TeamFrame() {
  return <Outlet />;
}
