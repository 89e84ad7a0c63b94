import { redirect } from "react-router";
import type { Route } from "./+types/settings.delete-account";
import { deleteAccountAction, deleteAccountPageData } from "~/features/member-data/delete-account-page.server.ts";
import { DeleteAccountPage } from "~/features/member-data/delete-account-page.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Delete your account | Introbase" }, { name: "robots", content: "noindex" }];
}

/**
 * Deleting an account (DESIGN D18, decision 0077): the signed-in member's own, never one named by the form. Signed out,
 * the browser signs in first and comes back here, the e-mailed link's token kept.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, user } = getAppContext(context);
  const url = new URL(request.url);
  if (!user) throw redirect(`/sign-in?${new URLSearchParams({ returnTo: url.pathname + url.search })}`);
  return deleteAccountPageData(database, user, url.searchParams.get("token"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const { database, user } = getAppContext(context);
  if (!user) throw new AppError("unauthorized", "Sign in to delete your account.");
  const form = Object.fromEntries(await readForm(request, { nulInValues: true }));
  return deleteAccountAction(database, user, form);
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  return <DeleteAccountPage page={loaderData} result={actionData} />;
}
