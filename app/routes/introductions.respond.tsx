import type { Route } from "./+types/introductions.respond";
import { readResponseLink, respondToIntro, responseLinkErrorCode } from "~/features/introductions/intro-review.server.ts";
import { RespondPage } from "~/features/introductions/respond-page.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { parseLinkAnswer } from "~/features/introductions/intro-preferences.ts";
import { refused } from "~/lib/form-parse.ts";
import { formDone, formRefused, pageAnswer } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Introduction request | Introbase" }, { name: "robots", content: "noindex" }];
}

/**
 * Where the recipient's accept and decline links lead. Opening the link only shows the request: a mail
 * scanner or link preview fetching it must not answer for the recipient. The button posts the answer.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await readResponseLink(getAppContext(context).database, params.token);
  if (link.state !== "open") {
    return pageAnswer({ state: link.state }, responseLinkErrorCode(link.state, false));
  }
  return {
    state: link.state,
    response: link.response,
    requesterName: link.requesterName,
    recipientName: link.recipientName,
    message: link.message,
    // An owner's link (decision 0116) offers the inbox's note or reason; the owner's identity stays on the server.
    fromOwner: link.owner !== null,
  };
}

/** The answer as a form result: `target` is what happened; a link no longer open is refused with its reason. */
export async function action({ params, context, request }: Route.ActionArgs) {
  // The button alone posts an empty form; a post without any body (a script, a mail scanner's replay) is the same answer.
  const fields = request.headers.get("content-type") ? Object.fromEntries(await readForm(request, { nulInValues: true })) : {};
  const parsed = parseLinkAnswer(fields);
  if (!parsed.ok) return formRefused("bad_request", { ...refused(parsed), target: "open" });
  const outcome = await respondToIntro(getAppContext(context).database, params.token, Date.now(), {
    note: parsed.data.note || null,
    reason: parsed.data.reason || null,
  });
  if (outcome === "accepted" || outcome === "declined") return formDone({ target: outcome });
  return formRefused(responseLinkErrorCode(outcome, true) ?? "conflict", { target: outcome });
}

export default function RespondToIntroduction({ loaderData, actionData }: Route.ComponentProps) {
  return <RespondPage page={loaderData} result={actionData} />;
}
