import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import type { SavedSearchField } from "./saved-search-forms.ts";
import type { SavedSearchesSectionData } from "./saved-searches-section.server.ts";

/** "Shared with": the member alone or one of their teams (issue 37, decision 0121); a plain form that works without JavaScript. */
export function ShareSavedSearchForm({
  id,
  teamId,
  teams,
}: {
  id: string;
  teamId: string | null;
  teams: SavedSearchesSectionData["teams"];
}) {
  const share = useFetcher<FormResult<SavedSearchField>>();
  if (!teams.length) return null;
  const refused = share.data && !share.data.ok ? share.data : undefined;
  return (
    <share.Form method="post" action="/saved-searches" className="flex items-end gap-2">
      <input type="hidden" name="intent" value="share" />
      <input type="hidden" name="id" value={id} />
      <FormField label="Shared with" error={refused?.errors?.teamId ?? refused?.message}>
        {(props) => (
          <select {...props} name="teamId" defaultValue={teamId ?? ""}>
            <option value="">Only me</option>
            {teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <Button type="submit" variant="secondary" size="sm" disabled={share.state !== "idle"}>
        Share
      </Button>
    </share.Form>
  );
}

/** The saved searches colleagues shared with the member's teams, labelled with the team and who saved them. */
export function TeamSavedSearchesList({ items }: { items: SavedSearchesSectionData["teamItems"] }) {
  if (!items.length) return null;
  return (
    <div className="mt-4 border-t border-border pt-4">
      <h3 className="font-semibold">Your teams&apos; saved searches</h3>
      <p className="mt-1 text-sm text-fg-muted">
        Their alerts come in your digest once you turn on the team&apos;s digest on the Following page.
      </p>
      <ul className="mt-2 divide-y divide-border" aria-label="Your teams' saved searches">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
            <span>
              <Link to={item.url} className="font-medium hover:underline">
                {item.name}
              </Link>{" "}
              <Badge variant="outline">{item.teamName}</Badge>
            </span>
            <span className="text-fg-muted">Saved by {item.savedBy}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
