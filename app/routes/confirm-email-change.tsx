import type { Route } from "./+types/confirm-email-change";
import { emailChangedRedirect } from "~/features/accounts/account-settings.server.ts";
import { confirmEmailChange, readEmailChangeLink } from "~/features/accounts/email-change.server.ts";
import { ConfirmEmailChangePage, type EmailChangePageState } from "~/features/accounts/confirm-email-change-page.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { formRefused } from "~/lib/form-result.server.ts";
import { readForm, seeOther } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Confirm your new address | Introbase" }, { name: "robots", content: "noindex" }];
}

/** Where a change-of-address link leads (decision 0076). Opening it only reads it: a mail scanner changes nothing. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<EmailChangePageState> {
  const url = new URL(request.url);
  if (url.searchParams.get("done") === "1") return { state: "done" };
  const token = url.searchParams.get("token") ?? "";
  const link = await readEmailChangeLink(getAppContext(context).database, token);
  return link.state === "open" ? { ...link, token } : link;
}

/** The confirmation: the account moves to the new address; signed in, the browser goes back to its settings. */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, user } = getAppContext(context);
  const token = String((await readForm(request)).get("token") ?? "");
  const outcome = await confirmEmailChange(database, { token, headers: request.headers });
  if (!outcome.ok) return formRefused<never>("conflict", { message: "The address was not changed.", target: outcome.state });
  if (user) return emailChangedRedirect(outcome.cookies);
  // No address in the URL: URLs are logged.
  return seeOther("/confirm-email-change?done=1", { "Cache-Control": "no-store" });
}

export default function ConfirmEmailChange({ loaderData, actionData }: Route.ComponentProps) {
  return <ConfirmEmailChangePage page={loaderData} result={actionData} />;
}
