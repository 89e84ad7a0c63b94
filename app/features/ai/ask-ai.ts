/** The browser's side of the AI endpoints: one POST, its answer checked with the endpoint's schema. */
import type { z } from "zod";
import { postJson } from "~/lib/api-client.ts";

export type AiReply<T> = { ok: true; data: T } | { ok: false; message: string; quotaExceeded: boolean };

const FALLBACK = "The AI service is unavailable right now. Please try again in a moment.";

export async function askAi<T>(url: string, body: object, schema: z.ZodType<T>): Promise<AiReply<T>> {
  const answer = await postJson(url, body);
  if (!answer.ok && answer.kind === "network") {
    return { ok: false, message: "You appear to be offline. Please try again.", quotaExceeded: false };
  }
  if (!answer.ok) return { ok: false, message: text(answer.body?.error) ?? FALLBACK, quotaExceeded: answer.status === 429 };
  const parsed = schema.safeParse(answer.data);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, message: FALLBACK, quotaExceeded: false };
}

const text = (value: unknown) => (typeof value === "string" ? value : null);
