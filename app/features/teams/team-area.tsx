import { Link } from "react-router";
import { SectionTabs } from "~/components/layout/section-tabs.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import type { TeamRole } from "#db/schema/teams.ts";
import { cn } from "~/lib/cn.ts";
import { ROLE_LABEL } from "./team-rules.ts";

/** A team's sections (issue 37): each is a child route of /teams/:teamId; "Seats and billing" is the seats part's. */
const TEAM_SECTIONS = [
  ["", "Members"],
  ["invitations", "Invitations"],
  ["billing", "Seats and billing"],
  ["settings", "Settings"],
] as const;

export const teamPath = (teamId: string, section = "") => `/teams/${teamId}${section ? `/${section}` : ""}`;

/** The header every team page shares: the team's name, the viewer's role, the sections. */
export function TeamAreaHeader({ team, role }: { team: { id: string; name: string }; role: TeamRole }) {
  return (
    <div className="grid gap-4">
      <div>
        <p className="text-sm text-fg-muted">
          <Link to="/teams" className="underline">
            Teams
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words">{team.name}</h1>
        <p className="mt-1 text-sm text-fg-muted">
          Your role: <Badge variant="outline">{ROLE_LABEL[role]}</Badge>
        </p>
      </div>
      <SectionTabs label="Team sections" sections={TEAM_SECTIONS.map(([section, label]) => ({ to: teamPath(team.id, section), label }))} />
    </div>
  );
}

/** One line of a form's answer: a status when it passed, an alert when it did not. */
export function Outcome({ result }: { result?: { ok: boolean; message?: string } }) {
  if (!result?.message) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={cn("rounded-md border p-3 text-sm", result.ok ? "border-border" : "border-danger text-danger")}
    >
      {result.message}
    </p>
  );
}
