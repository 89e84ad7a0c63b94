/**
 * The AI endpoints' request and response bodies (decision 0065), one zod schema each: the routes validate with them,
 * the browser reads answers with them, and the OpenAPI document lists them: everything through AI_API below.
 */
import { z } from "zod";

const ListingPath = z.object({
  type: z.enum(["startup", "investor", "partner"]),
  slug: z.string().min(1).max(200),
});

/** This month's AI requests after the call: every ai_{kind} together, against the tier's limit. */
const AiQuota = z.object({
  used: z.number().int().min(0),
  limit: z.number().int().min(0),
  remaining: z.number().int().min(0),
});

/** POST /api/listings/{type}/{slug}/summary: no fields (an empty JSON object or no body). */
const SummaryRequest = z.object({}).strict();
const SummaryResponse = z.object({
  summary: z.string().min(1),
  quota: AiQuota,
});
export type SummaryAnswer = z.infer<typeof SummaryResponse>;

/** POST /api/listings/{type}/{slug}/intro-message: the sender's name, as typed in the dialog (optional). */
const IntroMessageRequest = z
  .object({
    senderName: z.string().trim().max(120, "At most 120 characters.").optional().default(""),
  })
  .strict();
const IntroMessageResponse = z.object({
  message: z.string().min(1).max(2000),
  /** ai: written by the model and counted; template: the specification's greeting, no AI request spent. */
  source: z.enum(["ai", "template"]),
  quota: AiQuota.optional(),
});
export type IntroMessageAnswer = z.infer<typeof IntroMessageResponse>;

/** Every refusal: 400, 401, 403, 404, 429 (the quota, with Retry-After), 503 (no provider, or it failed). */
const AiErrorResponse = z.object({ error: z.string() });

export const AI_API = {
  listingSummary: {
    method: "post",
    path: "/api/listings/{type}/{slug}/summary",
    params: ListingPath,
    request: SummaryRequest,
    response: SummaryResponse,
    error: AiErrorResponse,
  },
  introMessage: {
    method: "post",
    path: "/api/listings/{type}/{slug}/intro-message",
    params: ListingPath,
    request: IntroMessageRequest,
    response: IntroMessageResponse,
    error: AiErrorResponse,
  },
} as const;
