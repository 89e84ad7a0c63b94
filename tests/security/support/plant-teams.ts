/**
 * Test code only: the member's part in teams, seats and lists (issue 37, decisions 0118-0121), planted by plantMember
 * (plant-member.ts) for the erasure and data-export tests, through the product's own write paths where it has them.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { listEntries, listEntryNotes, listEntryTags } from "#db/schema/lists.ts";
import { activeTeams, teamInvitations, teamMemberships, teamSeatGrants, teams } from "#db/schema/teams.ts";
import { createApiKey } from "~/features/api-keys/api-keys.server.ts";
import { periodContaining } from "~/features/digests/digest-periods.ts";
import { teamSavedSearchDigest } from "~/features/digests/team-search-digest.server.ts";
import { followForTeam, setTeamDigest } from "~/features/follows/team-follows.server.ts";
import { addEntries, createList } from "~/features/lists/list-access.server.ts";
import { createSavedSearch, setAlertFrequency } from "~/features/saved-searches/saved-searches.server.ts";
import { shareSavedSearch } from "~/features/saved-searches/team-saved-searches.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { Listing } from "./plant-member.ts";

interface Person {
  id: string;
  name: string;
  email: string;
}

/**
 * With names of the team's own (a team and its lists stay when the owner leaves): a team `member` made and owns, with
 * `bea` invited and in it; an invitation to the member's own address accepted; their working team chosen; seats an
 * operator (the member) gave; a private and a team list with entries they added, a note and a tag of theirs (and Bea's
 * beside them), so their lines in the lists' history; a team follow, a digest opt-in, a team key, and a search Bea
 * shared whose digest snapshot is kept for the member.
 */
export async function plantTeamsAndLists(
  database: Database,
  { id, name, email }: Person,
  bea: Person,
  listings: Record<"followed" | "asked" | "rejected", Listing>,
  now: Date,
): Promise<void> {
  const [team] = await database.db.insert(teams).values({ name: "Umbra Fund", createdBy: id }).returning({ id: teams.id });
  await database.db.insert(teamMemberships).values([
    { teamId: team!.id, userId: id, role: "owner", seat: true, seatSince: now },
    { teamId: team!.id, userId: bea.id, role: "member", invitedBy: id },
  ]);
  await database.db.insert(teamInvitations).values([
    { teamId: team!.id, email: bea.email, role: "member", invitedBy: id, expiresAt: new Date(now.getTime() + 86_400_000) },
    {
      teamId: team!.id,
      email,
      role: "admin",
      invitedBy: id,
      expiresAt: new Date(now.getTime() + 86_400_000),
      acceptedAt: now,
      acceptedBy: id,
    },
  ]);
  await database.db.insert(activeTeams).values({ userId: id, teamId: team!.id });
  await database.db.insert(teamSeatGrants).values({ teamId: team!.id, source: "complimentary", tier: "premium", seats: 2, grantedBy: id });
  const privateList = await createList(database, { name: "Private picks", keeper: { userId: id }, createdBy: id }, now);
  await addEntries(database, { listId: privateList, listingIds: [listings.asked.id], actorId: id }, now);
  const teamList = await createList(database, { name: "Pipeline", keeper: { teamId: team!.id }, createdBy: bea.id }, now);
  await addEntries(database, { listId: teamList, listingIds: [listings.followed.id], actorId: id }, now);
  await addEntries(database, { listId: teamList, listingIds: [listings.rejected.id], actorId: bea.id }, now);
  const [entry] = await database.db.select({ id: listEntries.id }).from(listEntries).where(eq(listEntries.listId, teamList));
  await database.db.insert(listEntryNotes).values({ entryId: entry!.id, authorId: id, body: `${name} met them on Monday.` });
  await database.db.insert(listEntryTags).values({ entryId: entry!.id, tag: "hot", addedBy: id });
  // The other member's words on the same entry: the team's, not this member's (never in their file).
  await database.db.insert(listEntryNotes).values({ entryId: entry!.id, authorId: bea.id, body: `${bea.name} is not so sure.` });
  await database.db.insert(listEntryTags).values({ entryId: entry!.id, tag: "oakhollow-doubts", addedBy: bea.id });
  // Decision 0121: a listing the member had the team follow, their opt-in to its digest, a team key, and a search Bea
  // shared with the team, whose digest snapshot the weekly run below keeps for the member.
  await followForTeam(database, { id, tier: "premium" }, team!.id, listings.followed.id, now);
  await setTeamDigest(database, id, team!.id, true, now);
  await createApiKey(database, id, `${name} team sync`, now, team!.id);
  const beaSearch = await createSavedSearch(
    database,
    { id: bea.id, tier: "subscriber" },
    { name: "Team sector", query: `type=investor&searchQuery=sector${randomUUID().slice(0, 8)}`, alertFrequency: "weekly" },
  );
  await shareSavedSearch(database, { id: bea.id, tier: "subscriber" }, beaSearch.id, team!.id, now);
  const teamSearches = await teamSavedSearchDigest(database, { userId: id, tier: "premium" }, "weekly", periodContaining("weekly", now));
  await teamSearches.commit(database, now);
  // Bea's alert off again, so the weekly run below (whose cursor must end on the member) is not hers too.
  await setAlertFrequency(database, { id: bea.id, tier: "subscriber" }, beaSearch.id, "off");
}
