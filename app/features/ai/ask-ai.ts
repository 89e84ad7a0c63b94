/** The browser's side of the AI endpoints: one POST, its answer checked with the endpoint's schema. */
import type { z } from "zod";
import { postJson, type JsonAnswer } from "~/lib/post-json.ts";

export type AiReply<T> = { ok: true; data: T } | { ok: false; message: string; quotaExceeded: boolean };

const FALLBACK = "The AI service is unavailable right now. Please try again in a moment.";

export async function askAi<T>(url: string, body: object, schema: z.ZodType<T>): Promise<AiReply<T>> {
  let answer: JsonAnswer;
  try {
    answer = await postJson(url, body);
  } catch {
    return { ok: false, message: "You appear to be offline. Please try again.", quotaExceeded: false };
  }
  const json = answer.data;
  if (!answer.ok) {
    const error = json && typeof json === "object" && "error" in json && typeof json.error === "string" ? json.error : FALLBACK;
    return { ok: false, message: error, quotaExceeded: answer.status === 429 };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, message: FALLBACK, quotaExceeded: false };
}
