/** The settings forms of the API-keys section: what each posts, checked by the same schemas on the server. */
import { z } from "zod";
import type { FormResult } from "~/lib/form-parse.ts";

export const CREATE_API_KEY = "create-api-key";
export const REVOKE_API_KEY = "revoke-api-key";

export const createApiKeySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Give the key a name, so you can tell it apart later (e.g. CRM sync).")
    .max(60, "A key's name can be at most 60 characters."),
  /** "" or absent: the member's own key; a team's id: a team key, reaching that team's lists only (decision 0121). */
  scope: z.union([z.literal(""), z.uuid("Choose yourself or one of your teams.")]).optional(),
});

export const revokeApiKeySchema = z.object({
  keyId: z.uuid("That key was not found."),
});

/** What a submission of the section answers; `data.secret` is the new key, sent this once. */
export type ApiKeyFormResult = FormResult<"name" | "keyId" | "scope", { secret: string; name: string }>;
