/** The saved-search forms of the directory and /settings (decision 0045: one zod schema per form, checked on the server). */
import { z } from "zod";
import { alertFrequency, savedSearchName } from "./saved-search-rules.ts";

export const SAVED_SEARCH_INTENTS = ["create", "rename", "frequency", "delete", "share"] as const;
export type SavedSearchIntent = (typeof SAVED_SEARCH_INTENTS)[number];

const id = z.string().max(100);

export const savedSearchForms = {
  create: z.object({ name: savedSearchName, query: z.string().max(20_000), alertFrequency }),
  rename: z.object({ id, name: savedSearchName }),
  frequency: z.object({ id, alertFrequency }),
  delete: z.object({ id }),
  // Issue 37 (decision 0121): "" keeps it the member's alone; a team's id shares it with that team.
  share: z.object({ id, teamId: z.union([z.literal(""), z.uuid("Choose one of your teams.")]) }),
} satisfies Record<SavedSearchIntent, z.ZodObject>;

export type SavedSearchField = "name" | "query" | "alertFrequency" | "id" | "teamId";
