import type { Route } from "./+types/unsubscribe";
import { UnsubscribePage } from "~/features/saved-searches/unsubscribe-page.tsx";
import { applyUnsubscribeLink, readUnsubscribeLink } from "~/features/saved-searches/unsubscribe.server.ts";
import { getAppContext } from "~/lib/app-context.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Unsubscribe | Introbase" }, { name: "robots", content: "noindex" }];
}

/** Opening the link says what it will do and changes nothing (a mail scanner follows links, RFC 8058 §4). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return readUnsubscribeLink(getAppContext(context).database, params.token);
}

/**
 * The one-click POST of the List-Unsubscribe-Post header (from the mail client, no cookie, no sign-in) and the page's
 * button: alerts off. An invalid or out-of-date link changes nothing and says why, with a 200 page either way.
 */
export async function action({ params, context }: Route.ActionArgs) {
  return applyUnsubscribeLink(getAppContext(context).database, params.token);
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <UnsubscribePage state={actionData ?? loaderData} />;
}
