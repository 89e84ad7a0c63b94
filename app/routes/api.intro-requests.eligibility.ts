import type { Route } from "./+types/api.intro-requests.eligibility";
import { checkIntroEligibility } from "~/features/introductions/intro-preferences.server.ts";
import { parseIntroRecipient, type IntroEligibility } from "~/features/introductions/intro-request.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";

/**
 * GET /api/intro-requests/eligibility?recipientType=…&recipientSlug=… (decision 0116): whether the signed-in member (or a
 * visitor) may ask this listing for an introduction now. The dialog asks when it opens, so a requester learns that a
 * claimed listing is paused, full this month or does not take their kind of request before writing a word. Reads only:
 * no quota, no request, no proof of work. 200 `{ ok: true }` or `{ ok: false, reason, message }`; 400 for bad
 * parameters; 404 for a listing that is not published; 403 for one the viewer's plan cannot see.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, user } = getAppContext(context);
  const parsed = parseIntroRecipient(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.ok) throw new AppError("bad_request", Object.values(parsed.errors)[0] ?? "Choose who to be introduced to.");
  const { refusal } = await checkIntroEligibility(database, { recipient: parsed.data, user });
  const answer: IntroEligibility = refusal ? { ok: false, reason: refusal.reason, message: refusal.message } : { ok: true };
  return Response.json(answer, { headers: { "Cache-Control": "private, no-store" } });
}
