import { redirect } from "react-router";
import type { Route } from "./+types/reset-password";
import { resetPasswordSchema } from "~/features/accounts/account-forms.ts";
import { readResetLink, resetPassword } from "~/features/accounts/password-reset.server.ts";
import { ResetPasswordPage, type ResetPageState } from "~/features/accounts/reset-password-page.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formRefused } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Choose a new password | Introbase" }, { name: "robots", content: "noindex" }];
}

/** Where a reset link leads (decision 0076). Opening it only reads it: a mail scanner fetching it spends nothing. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<ResetPageState> {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await readResetLink(getAppContext(context).database, token);
  // The token goes back into the page's form, so the reset works without JavaScript.
  return link.state === "open" ? { state: "open", email: link.email, token } : link;
}

/** The new password: set, the link spent, every session ended; the browser goes to sign in with it. */
export async function action({ request, context }: Route.ActionArgs) {
  const { database } = getAppContext(context);
  const parsed = parseForm(resetPasswordSchema, Object.fromEntries(await readForm(request, { nulInValues: true })));
  if (!parsed.ok) return formRefused<"password">("bad_request", { ...refused(parsed), values: {} });
  const outcome = await resetPassword(database, { token: parsed.data.token, password: parsed.data.password });
  if (!outcome.ok) return formRefused<"password">("conflict", { message: "This link no longer works.", target: outcome.link.state });
  return redirect("/sign-in?reset=1", { headers: { "Cache-Control": "no-store" } });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <ResetPasswordPage page={loaderData} result={actionData} />;
}
