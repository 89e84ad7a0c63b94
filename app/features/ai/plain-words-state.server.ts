/**
 * What /listings shows of "Ask in plain words" (decision 0087): the control when this server has an AI provider and
 * the member's plan has AI requests; a line saying why not to members and visitors on a server that has one; nothing
 * on a server without AI. And the sentence that produced the page's filters, read from its address as untrusted text.
 */
import type { Database } from "~/lib/db.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { AI_NOT_IN_PLAN } from "./ai-access.ts";
import { tierHasAiRequests } from "./ai-access.server.ts";
import { isAiConfigured } from "./ai-config.server.ts";
import { ASKED_PARAM } from "./plain-words-filters.ts";
import { readSentence } from "./plain-words-sentence.ts";

export interface PlainWordsState {
  /** offered: the control; unavailable: `reason` instead; absent: nothing (no AI on this server). */
  status: "offered" | "unavailable" | "absent";
  reason: string | null;
  /** The sentence this page's filters came from (asked=…), when it reads as a sentence. */
  asked: string | null;
}

const PLAIN_WORDS_SIGN_IN = "Sign in with a plan that includes AI requests to ask in plain words.";

export async function plainWordsStateFor(database: Database, user: SessionUser | null, params: URLSearchParams): Promise<PlainWordsState> {
  const read = readSentence(params.get(ASKED_PARAM) ?? "");
  const asked = read.ok ? read.sentence : null;
  if (!isAiConfigured()) return { status: "absent", reason: null, asked };
  if (!user) return { status: "unavailable", reason: PLAIN_WORDS_SIGN_IN, asked };
  if (!(await tierHasAiRequests(database, user))) return { status: "unavailable", reason: AI_NOT_IN_PLAN, asked };
  return { status: "offered", reason: null, asked };
}
