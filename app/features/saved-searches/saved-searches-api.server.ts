/**
 * The saved-search JSON API's work (routes api.saved-searches*.ts are thin): the member from the request, the body
 * through its schema, the answer in the shapes of saved-searches-api-schema.ts.
 */
import type { z } from "zod";
import { AppError } from "~/lib/errors.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { directoryQueryToParams } from "../directory/directory-filters.ts";
import type { ListingSummary } from "./listing-summaries.server.ts";
import { SAVED_SEARCH_LIMITS } from "./saved-search-rules.ts";
import type { SavedSearchSchema, NewListingSchema } from "./saved-searches-api-schema.ts";
import { queryOf, type Member, type SavedSearchRow } from "./saved-searches.server.ts";
import { normalizeLevel } from "../access/tiers.ts";

/** The signed-in member, or the 401 every saved-search endpoint answers a visitor. */
export function requireMember(user: SessionUser | null): Member {
  if (!user) throw new AppError("unauthorized", "Sign in to use saved searches.");
  return { id: user.id, tier: user.tier };
}

export function savedSearchLimit(member: Member): number {
  return SAVED_SEARCH_LIMITS[normalizeLevel(member.tier)];
}

/** A body through its schema; anything else is a 400 naming the field. */
export function parseRequest<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === null || typeof body !== "object") throw new AppError("bad_request", "Send a JSON object (or a form).");
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  const message =
    issue?.code === "unrecognized_keys" ? `Unknown field ${issue.keys.map((k) => `"${k.slice(0, 40)}"`).join(", ")}.` : issue?.message;
  throw new AppError("bad_request", `${field}${message ?? "Invalid request."}`);
}

/** The directory page of a saved search. */
export function directoryUrlOf(row: Pick<SavedSearchRow, "query">): string {
  const params = directoryQueryToParams(queryOf(row));
  return `/listings${params.size ? `?${params}` : ""}`;
}

export function savedSearchJson(row: SavedSearchRow): z.infer<typeof SavedSearchSchema> {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    url: directoryUrlOf(row),
    alertFrequency: row.alertFrequency,
    lastLookedAt: row.lastLookedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function newListingJson(listing: ListingSummary): z.infer<typeof NewListingSchema> {
  return {
    id: listing.id,
    name: listing.name,
    url: listing.path,
    type: listing.type,
    tagline: listing.tagline,
    fundingStage: listing.fundingStage,
    industries: listing.industries,
  };
}
