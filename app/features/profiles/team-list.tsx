import { ExternalLink } from "lucide-react";
import type { TeamMember } from "~/features/catalog/listing-types.ts";
import { safeHref, safeImageSrc } from "~/lib/web-url.ts";

/** Team members as cards: photo or initial, name, title and a LinkedIn link when known. */
export function TeamList({ team }: { team: readonly TeamMember[] }) {
  if (!team.length) return <p className="text-sm text-fg-muted">No team members listed yet.</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {team.map((member, i) => (
        <TeamCard key={`${member.name}-${i}`} member={member} />
      ))}
    </ul>
  );
}

/** Photo and LinkedIn are printed only when they are http(s) (or our own stored photo). */
function TeamCard({ member }: { member: TeamMember }) {
  const photo = safeImageSrc(member.photo);
  const linkedin = safeHref(member.linkedin);
  return (
    <li className="flex items-center gap-3 rounded-lg border border-border p-3">
      {photo ? (
        <img src={photo} alt="" className="size-12 shrink-0 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent-soft text-lg font-semibold text-accent"
        >
          {member.name.trim().charAt(0).toUpperCase()}
        </span>
      )}
      <div className="min-w-0">
        <p className="truncate font-medium">{member.name}</p>
        {member.title ? <p className="truncate text-sm text-fg-muted">{member.title}</p> : null}
        {linkedin ? (
          <a
            href={linkedin}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-0.5 inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline"
          >
            LinkedIn
            <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only">: {member.name} (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
    </li>
  );
}
