import type { Route } from "./+types/settings";
import { getPlanCatalogue } from "~/features/access/tier-records.server.ts";
import { getUsageSummary } from "~/features/access/usage.server.ts";
import { SettingsPage } from "~/features/accounts/settings-page.tsx";
import { listMyIntroRequests } from "~/features/introductions/intro-requests.server.ts";
import { listFollows } from "~/features/follows/follows.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { getSignInProvider } from "~/lib/session.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Settings | Introbase" }, { name: "robots", content: "noindex" }];
}

/**
 * Spec 01 §2: the signed-in user's profile, benefits and sign-out, plus this month's usage. The plan (name, price,
 * benefits) and the quotas come from the user's tier record, through the plan catalogue: only what the tier grants.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { database, user } = getAppContext(context);
  if (!user) return { user: null };
  const [provider, usage, intros, catalogue, follows] = await Promise.all([
    getSignInProvider(database, user.id),
    getUsageSummary(database, user),
    listMyIntroRequests(database, user.id),
    getPlanCatalogue(database),
    listFollows(database, user),
  ]);
  const { name, monthlyPrice, benefits } = catalogue[user.tier];
  return {
    user: { name: user.name, email: user.email, picture: user.picture, tier: user.tier, provider },
    plan: { name, monthlyPrice, benefits },
    usage,
    intros: intros.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    follows,
  };
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  return <SettingsPage {...loaderData} />;
}
