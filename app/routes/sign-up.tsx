import { redirect } from "react-router";
import type { Route } from "./+types/sign-up";
import { signUpSchema } from "~/features/accounts/account-forms.ts";
import { signUpWithPassword } from "~/features/accounts/password-sign-up.server.ts";
import { safeReturnTo } from "~/features/accounts/return-to.ts";
import { signInAttempts } from "~/features/accounts/sign-in.server.ts";
import { SignUpPage, type SignUpResult } from "~/features/accounts/sign-up-page.tsx";
import { guardPublicForm } from "~/features/verification/public-form-guard.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formDone, formRefused } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Create your account | Introbase" }, { name: "robots", content: "noindex" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  if (getAppContext(context).user) throw redirect(returnTo);
  return { returnTo };
}

/**
 * A password sign-up (decision 0076). A new address gets an account and the link that confirms it; an address that
 * already has an account gets an e-mail saying so. Both answer the same (200, "check your e-mail"), at about the same
 * cost (a password hash and an e-mail each). Sign-ups count against the client address's sign-in limit.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, clientAddress } = getAppContext(context);
  const parsed = parseForm(signUpSchema, Object.fromEntries(await readForm(request, { nulInValues: true })));
  if (!parsed.ok) {
    const { password: _password, ...values } = parsed.values;
    return formRefused<"name" | "email" | "password">("bad_request", { ...refused(parsed), values });
  }
  const { password: _password, ...values } = parsed.data;
  const message = "Too many attempts from your network. Please wait a minute and try again.";
  const guard = await guardPublicForm(database, { limit: { rateLimit: signInAttempts, subject: clientAddress, message } });
  if (!guard.ok) {
    const refusal = formRefused<"name" | "email" | "password">(guard.code, { message: guard.message, values });
    refusal.init = { ...refusal.init, headers: guard.headers };
    return refusal;
  }
  await signUpWithPassword(database, parsed.data, request.headers);
  return formDone<"name" | "email" | "password", { email: string }>({ data: { email: parsed.data.email } });
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  return <SignUpPage returnTo={loaderData.returnTo} result={actionData as SignUpResult | undefined} />;
}
