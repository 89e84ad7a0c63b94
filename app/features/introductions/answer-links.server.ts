/**
 * The signed answer links of a request asked at `askedAt` (decision 0094): they live as long as the request may wait for
 * an answer (INTRO_EXPIRE_AFTER_DAYS), so the reminder's links end when the first ones do. A claimed listing's owner gets
 * links that name them (decision 0116).
 */
import { purposeKey } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv, publicUrl, type Env } from "~/lib/env.server.ts";
import { formatDateTime } from "~/lib/format-date.ts";
import { responseToken, type IntroResponse } from "./response-links.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function responseKey(database: Database) {
  return purposeKey(database, "intro-request:response");
}

export async function answerLinks(
  database: Database,
  requestId: string,
  askedAt: number,
  env: Env = getEnv(),
  ownerId?: string,
): Promise<{ accept: string; decline: string; expiresOn: string }> {
  const key = await responseKey(database);
  const expiresAt = askedAt + env.INTRO_EXPIRE_AFTER_DAYS * DAY_MS;
  const base = publicUrl(env);
  const link = (response: IntroResponse) => `${base}/introductions/respond/${responseToken(key, requestId, response, expiresAt, ownerId)}`;
  const expiresOn = formatDateTime(expiresAt);
  return { accept: link("accept"), decline: link("decline"), expiresOn };
}

/** When the request was last put to its recipient: the operator's approval, or the requester's answer to a question. */
export function askedAt(request: { reviewedAt: Date | null; requesterAnsweredAt: Date | null }): number {
  return (request.requesterAnsweredAt ?? request.reviewedAt)!.getTime();
}
