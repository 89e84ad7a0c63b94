import type { Route } from "./+types/unsubscribe";
import { UnsubscribePage } from "~/features/saved-searches/unsubscribe-page.tsx";
import { applyUnsubscribeLink, readUnsubscribeLink, unsubscribeErrorCode } from "~/features/saved-searches/unsubscribe.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { pageAnswer } from "~/lib/form-result.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Unsubscribe | Introbase" }, { name: "robots", content: "noindex" }];
}

/** The page's data with its status: a link that does nothing answers 4xx (unsubscribeErrorCode), with the page saying why. */
function answer<State extends { state: string }>(state: State) {
  return pageAnswer(state, unsubscribeErrorCode(state));
}

/** Opening the link says what it will do and changes nothing (a mail scanner follows links, RFC 8058 §4). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return answer(await readUnsubscribeLink(getAppContext(context).database, params.token));
}

/**
 * The one-click POST of the List-Unsubscribe-Post header (from the mail client, no cookie, no sign-in) and the page's
 * button: alerts off. An invalid, gone or out-of-date link changes nothing and says why, with its 4xx status.
 */
export async function action({ params, context }: Route.ActionArgs) {
  return answer(await applyUnsubscribeLink(getAppContext(context).database, params.token));
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <UnsubscribePage state={actionData ?? loaderData} />;
}
