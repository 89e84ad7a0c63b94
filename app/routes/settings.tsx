import type { Route } from "./+types/settings";
import { getPlanCatalogue } from "~/features/access/tier-records.server.ts";
import { getUsageSummary } from "~/features/access/usage.server.ts";
import { accountSecurityAction, accountSecurityData } from "~/features/accounts/account-settings.server.ts";
import { SettingsPage } from "~/features/accounts/settings-page.tsx";
import { apiKeysAction, apiKeysSectionData } from "~/features/api-keys/api-keys-settings.server.ts";
import { listFollows } from "~/features/follows/follows.server.ts";
import { introQuestionAction } from "~/features/introductions/intro-question-settings.server.ts";
import { listMyIntroRequests } from "~/features/introductions/intro-requests.server.ts";
import { loadSavedSearchesSection } from "~/features/saved-searches/saved-searches-section.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { formRefused } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";
import { getSignInProvider } from "~/lib/session.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Settings | Introbase" }, { name: "robots", content: "noindex" }];
}

/**
 * Spec 01 §2: the signed-in user's profile, benefits and sign-out, plus this month's usage. The plan (name, price,
 * benefits) and the quotas come from the user's tier record, through the plan catalogue: only what the tier grants.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, user } = getAppContext(context);
  if (!user) return { user: null };
  const [provider, usage, intros, catalogue, apiKeys, savedSearches, follows, security] = await Promise.all([
    getSignInProvider(database, user.id),
    getUsageSummary(database, user),
    listMyIntroRequests(database, user.id),
    getPlanCatalogue(database),
    apiKeysSectionData(database, user),
    loadSavedSearchesSection(database, user),
    listFollows(database, user),
    accountSecurityData(database, user, request),
  ]);
  const { name, monthlyPrice, benefits } = catalogue[user.tier];
  return {
    user: { name: user.name, email: user.email, picture: user.picture, tier: user.tier, provider },
    plan: { name, monthlyPrice, benefits },
    usage,
    intros: intros.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    apiKeys,
    savedSearches,
    follows,
    security,
    emailChanged: new URL(request.url).searchParams.get("emailChanged") === "1",
  };
}

/** The settings forms, posted here (plain forms, no JavaScript needed); each section answers its own intents. */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, user, clientAddress } = getAppContext(context);
  if (!user) throw new AppError("unauthorized", "Sign in to change your settings.");
  const form = Object.fromEntries(await readForm(request, { nulInValues: true }));
  return (
    (await accountSecurityAction(database, user, form, { request, clientAddress })) ??
    (await apiKeysAction(database, user, form)) ??
    (await introQuestionAction(database, user, form)) ??
    formRefused("bad_request", { message: "Unknown settings action." })
  );
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  return <SettingsPage {...loaderData} />;
}
