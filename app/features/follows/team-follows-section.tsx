import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { possessive } from "~/lib/wording.ts";
import { TEAM_DIGEST_INTENT } from "./follow-form.ts";
import type { TeamDigestChoice, TeamFollowedListing } from "./team-follows.server.ts";

export interface TeamFollowsData {
  teams: TeamDigestChoice[];
  follows: TeamFollowedListing[];
}

/** A small plain form posted to /following (it works without JavaScript), back to /following. */
function TeamForm({ intent, fields, children }: { intent: string; fields: Record<string, string>; children: React.ReactNode }) {
  return (
    <Form method="post" action="/following">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="returnTo" value="/following" />
      {children}
    </Form>
  );
}

/**
 * /following's teams (issue 37, decision 0121): per team, whether its follows and saved searches come in the member's
 * digest (off until they opt in), and the listings the team follows, labelled with the team, each with "Unfollow for
 * the team".
 */
export function TeamFollowsSection({ data }: { data: TeamFollowsData }) {
  if (!data.teams.length) return null;
  return (
    <>
      {data.teams.map((team) => {
        const follows = data.follows.filter((f) => f.teamId === team.teamId);
        const label = `team-digest-${team.teamId}`;
        return (
          <Card key={team.teamId} className="p-5 sm:p-6">
            <h2 className="text-lg font-semibold">Followed by {team.teamName}</h2>
            <div className="mt-2 flex flex-wrap items-center justify-between gap-3 text-sm">
              <p id={label}>
                {possessive(team.teamName)} follows and saved searches in my digest: <strong>{team.optedIn ? "on" : "off"}</strong>
              </p>
              <TeamForm intent={TEAM_DIGEST_INTENT} fields={{ teamId: team.teamId, digest: team.optedIn ? "off" : "on" }}>
                <Button type="submit" variant="secondary" size="sm" aria-describedby={label}>
                  {team.optedIn ? "Opt out" : "Opt in"}
                </Button>
              </TeamForm>
            </div>
            {follows.length === 0 ? (
              <p className="mt-3 text-sm text-fg-muted">
                The team follows no listings yet. Share one of yours above with “Follow for {team.teamName}”.
              </p>
            ) : (
              <ul className="mt-3 divide-y divide-border" aria-label={`Listings ${team.teamName} follows`}>
                {follows.map((f) => (
                  <li key={f.listingId} className="flex items-center justify-between gap-4 py-3">
                    <div className="min-w-0">
                      <Link to={f.url} className="font-medium hover:underline">
                        {f.name}
                      </Link>
                      {f.tagline ? <p className="truncate text-sm text-fg-muted">{f.tagline}</p> : null}
                      <p className="text-xs text-fg-muted">
                        <Badge variant="outline">{team.teamName}</Badge>
                        {f.addedBy ? ` Added by ${f.addedBy}` : null}
                        {f.locked ? " · Not open on your plan" : null}
                      </p>
                    </div>
                    <TeamForm intent="team-unfollow" fields={{ teamId: team.teamId, listingId: f.listingId }}>
                      <Button type="submit" variant="secondary" size="sm">
                        Unfollow for the team<span className="sr-only"> {f.name}</span>
                      </Button>
                    </TeamForm>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        );
      })}
    </>
  );
}

/** "Follow for <team>" beside one of the member's own follows, for each team that does not follow it yet. */
export function FollowForTeamButtons({ listingId, name, data }: { listingId: string; name: string; data: TeamFollowsData }) {
  const missing = data.teams.filter((t) => !data.follows.some((f) => f.teamId === t.teamId && f.listingId === listingId));
  return (
    <>
      {missing.map((team) => (
        <TeamForm key={team.teamId} intent="team-follow" fields={{ teamId: team.teamId, listingId }}>
          <Button type="submit" variant="secondary" size="sm">
            Follow for {team.teamName}
            <span className="sr-only"> {name}</span>
          </Button>
        </TeamForm>
      ))}
    </>
  );
}
