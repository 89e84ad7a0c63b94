/** What the /settings section of saved searches shows (loader data under `savedSearches`). */
import type { Database } from "~/lib/db.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { getReferenceData } from "../catalog/reference-data.server.ts";
import { directoryQueryToParams, type DirectoryQuery } from "../directory/directory-filters.ts";
import { spellFilterValues } from "../directory/filter-values.ts";
import type { AlertFrequency } from "./saved-search-choices.ts";
import { canonicalQuery, suggestedName } from "./saved-search-rules.ts";
import { directoryUrlOf, savedSearchLimit } from "./saved-searches-api.server.ts";
import { findSavedSearchFor, listWithNewCounts } from "./saved-searches.server.ts";
import { teamSavedSearchesOf, teamsOf, type TeamSavedSearch } from "./team-saved-searches.server.ts";

export interface SavedSearchesSectionData {
  limit: number;
  /** The member's teams, each one a search may be shared with (decision 0121). */
  teams: Array<{ id: string; name: string }>;
  /** Colleagues' searches shared with the member's teams. */
  teamItems: TeamSavedSearch[];
  items: Array<{
    id: string;
    name: string;
    /** The team it is shared with; null: the member's alone. */
    teamId: string | null;
    url: string;
    alertFrequency: AlertFrequency;
    total: number;
    newCount: number;
    lastLookedAt: string;
  }>;
}

export async function loadSavedSearchesSection(database: Database, user: SessionUser): Promise<SavedSearchesSectionData> {
  const member = { id: user.id, tier: user.tier };
  const [rows, teams, teamItems] = await Promise.all([
    listWithNewCounts(database, member),
    teamsOf(database, member.id),
    teamSavedSearchesOf(database, member),
  ]);
  return {
    limit: savedSearchLimit(member),
    teams,
    teamItems,
    items: rows.map(({ savedSearch, total, newCount }) => ({
      id: savedSearch.id,
      name: savedSearch.name,
      teamId: savedSearch.teamId,
      url: directoryUrlOf(savedSearch),
      alertFrequency: savedSearch.alertFrequency,
      total,
      newCount,
      lastLookedAt: savedSearch.lastLookedAt.toISOString(),
    })),
  };
}

export type SaveSearchState =
  | { state: "signed_out" }
  | { state: "upgrade" }
  | { state: "saved"; id: string; name: string }
  | { state: "can_save"; query: string; suggestedName: string };

/** What the directory's "Save search" control offers for the state on screen. */
export async function saveSearchStateFor(database: Database, user: SessionUser | null, query: DirectoryQuery): Promise<SaveSearchState> {
  if (!user) return { state: "signed_out" };
  const member = { id: user.id, tier: user.tier };
  if (!savedSearchLimit(member)) return { state: "upgrade" };
  const canonical = canonicalQuery(directoryQueryToParams(spellFilterValues(query, await getReferenceData(database))));
  if (!canonical.ok) return { state: "upgrade" };
  const saved = await findSavedSearchFor(database, member, canonical.canonical);
  if (saved) return { state: "saved", id: saved.id, name: saved.name };
  return { state: "can_save", query: canonical.canonical, suggestedName: suggestedName(canonical.query) };
}
