import type { Route } from "./+types/following";
import { safeReturnTo } from "~/features/accounts/return-to.ts";
import { setFollowEmails } from "~/features/follows/follow-emails.server.ts";
import {
  FOLLOW_EMAILS_INTENT,
  FollowEmailsForm,
  FollowForm,
  TEAM_DIGEST_INTENT,
  TEAM_FOLLOW_INTENTS,
  TeamDigestForm,
  TeamFollowForm,
} from "~/features/follows/follow-form.ts";
import { FollowingPage } from "~/features/follows/following-page.tsx";
import { followListing, listFollows, unfollowListing } from "~/features/follows/follows.server.ts";
import { followForTeam, setTeamDigest, teamDigestChoices, teamFollowsOf, unfollowForTeam } from "~/features/follows/team-follows.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { parseForm } from "~/lib/form-parse.ts";
import { formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { readForm, seeOther } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Following | Introbase" }, { name: "robots", content: "noindex" }];
}

/** The listings the signed-in member follows, with unfollow; a sign-in link for a visitor. */
export async function loader({ context }: Route.LoaderArgs) {
  const { database, user } = getAppContext(context);
  if (!user) return { signedIn: false as const };
  const [own, teams, follows] = await Promise.all([
    listFollows(database, user),
    teamDigestChoices(database, user.id),
    teamFollowsOf(database, user),
  ]);
  return { signedIn: true as const, ...own, team: { teams, follows } };
}

/**
 * Follow and unfollow without JavaScript (the profile's button and this page post here), and follow e-mails on or off
 * (this page and the settings section): done, back to where the form was; refused (at the cap, a locked listing),
 * this page with the message beside the member's list.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, user } = getAppContext(context);
  const form = Object.fromEntries(await readForm(request));
  if (!user) return formRefused("unauthorized", { message: "Sign in to follow listings." });
  if (form.intent === FOLLOW_EMAILS_INTENT) {
    const choice = parseForm(FollowEmailsForm, form);
    if (!choice.ok) return formRefused("bad_request", { message: Object.values(choice.errors)[0] ?? "Invalid request." });
    await setFollowEmails(database, user.id, choice.data.emails === "on");
    return seeOther(safeReturnTo(choice.data.returnTo, "/following"));
  }
  if (form.intent === TEAM_DIGEST_INTENT || (TEAM_FOLLOW_INTENTS as readonly unknown[]).includes(form.intent))
    return teamAction(database, user, form);
  const parsed = parseForm(FollowForm, form);
  if (!parsed.ok) return formRefused("bad_request", { message: Object.values(parsed.errors)[0] ?? "Invalid request." });
  const { intent, listingId, returnTo } = parsed.data;
  try {
    await (intent === "follow" ? followListing : unfollowListing)(database, user, listingId);
  } catch (error) {
    return formRefusedBy(error);
  }
  return seeOther(safeReturnTo(returnTo, "/following"));
}

/** A team's follow, unfollow, or the member's team digest switch (issue 37, decision 0121); a team not theirs: 404. */
async function teamAction(
  database: ReturnType<typeof getAppContext>["database"],
  user: { id: string; tier: string },
  form: Record<string, FormDataEntryValue>,
) {
  try {
    if (form.intent === TEAM_DIGEST_INTENT) {
      const choice = parseForm(TeamDigestForm, form);
      if (!choice.ok) return formRefused("bad_request", { message: Object.values(choice.errors)[0] ?? "Invalid request." });
      await setTeamDigest(database, user.id, choice.data.teamId, choice.data.digest === "on");
      return seeOther(safeReturnTo(choice.data.returnTo, "/following"));
    }
    const parsed = parseForm(TeamFollowForm, form);
    if (!parsed.ok) return formRefused("bad_request", { message: Object.values(parsed.errors)[0] ?? "Invalid request." });
    const { intent, teamId, listingId, returnTo } = parsed.data;
    await (intent === "team-follow" ? followForTeam : unfollowForTeam)(database, user, teamId, listingId);
    return seeOther(safeReturnTo(returnTo, "/following"));
  } catch (error) {
    return formRefusedBy(error);
  }
}

export default function Following({ loaderData, actionData }: Route.ComponentProps) {
  return <FollowingPage data={loaderData} refusal={actionData?.ok === false ? (actionData.message ?? null) : null} />;
}
