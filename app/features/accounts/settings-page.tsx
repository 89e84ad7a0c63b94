import { Check } from "lucide-react";
import { Link } from "react-router";
import { UserAvatar } from "~/components/layout/user-menu.tsx";
import { useUnlockPrompt } from "~/components/layout/unlock-prompt.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import type { Plan } from "~/features/access/plan-catalogue.ts";
import { PlanPrice } from "~/features/access/plan-price.tsx";
import { QuotaIndicator } from "~/features/access/quota-indicator.tsx";
import type { QuotaSummary } from "~/features/access/usage.server.ts";
import { ApiKeysSection } from "~/features/api-keys/api-keys-section.tsx";
import type { ApiKeysSectionData } from "~/features/api-keys/api-keys-settings.server.ts";
import { FollowingSection } from "~/features/follows/following-section.tsx";
import type { FollowedListing } from "~/features/follows/follows.server.ts";
import { MyIntroRequestsCard, type MyIntroRequest } from "~/features/introductions/my-intro-requests-card.tsx";
import { LeaveSection } from "~/features/member-data/leave-section.tsx";
import { SavedSearchesSection } from "~/features/saved-searches/saved-searches-section.tsx";
import type { SavedSearchesSectionData } from "~/features/saved-searches/saved-searches-section.server.ts";
import type { SignInProvider } from "~/lib/session.server.ts";
import type { CurrentUser } from "~/lib/use-current-user.ts";
import { useSignOut } from "~/lib/session-sync.ts";
import type { AccountSecurityData } from "./account-settings.server.ts";
import { SecuritySection } from "./security-section.tsx";
import { SessionsSection } from "./sessions-section.tsx";

/** What /settings shows: nothing but a sign-in link to a visitor, the account and its plan to a member. */
export type SettingsData =
  | { user: null }
  | {
      user: Pick<CurrentUser, "name" | "email" | "picture" | "tier"> & { provider: SignInProvider };
      plan: Pick<Plan, "name" | "monthlyPrice" | "benefits">;
      usage: QuotaSummary[];
      intros: MyIntroRequest[];
      apiKeys: ApiKeysSectionData;
      savedSearches?: SavedSearchesSectionData;
      follows: { items: FollowedListing[]; count: number; cap: number; emails: boolean };
      security: AccountSecurityData;
      /** Set once a change of address was confirmed (routes/confirm-email-change.tsx). */
      emailChanged?: boolean;
    };

type Member = Extract<SettingsData, { user: object }>;

function ProfileCard({ user, plan }: Pick<Member, "user" | "plan">) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">Profile Information</h2>
      <div className="mt-4 flex items-center gap-4">
        <UserAvatar user={user} size={56} />
        <dl className="grid gap-2 text-sm">
          <div>
            <dt className="text-fg-muted">Full Name</dt>
            <dd className="font-medium">{user.name}</dd>
          </div>
          <div>
            <dt className="text-fg-muted">Email Address</dt>
            <dd className="font-medium break-all">{user.email}</dd>
          </div>
        </dl>
      </div>
      <div className="mt-4 flex flex-wrap gap-4 text-sm">
        <p className="flex items-center gap-2">
          <span className="text-fg-muted">Sign-in Provider</span> <Badge variant="outline">{user.provider}</Badge>
        </p>
        <p className="flex items-center gap-2">
          <span className="text-fg-muted">Subscription Tier</span> <Badge variant="accent">{plan.name}</Badge>
        </p>
      </div>
    </Card>
  );
}

/** The plan's benefits, with the way to upgrade and to billing. */
function BenefitsCard({ user, plan }: Pick<Member, "user" | "plan">) {
  const { unlock } = useUnlockPrompt();
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">Subscription Benefits</h2>
      <p className="mt-1 text-sm text-fg-muted">
        <span className="font-medium text-fg">{plan.name}</span> · <PlanPrice price={plan.monthlyPrice} />
      </p>
      <ul className="mt-3 grid gap-2 text-sm" aria-label={`${plan.name} benefits`}>
        {plan.benefits.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            {benefit}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {user.tier !== "premium" ? (
          <Button variant="secondary" onClick={unlock} aria-haspopup="dialog">
            Upgrade plan
          </Button>
        ) : null}
        <Link to="/settings/billing" className="text-sm text-accent underline">
          Billing and invoices
        </Link>
      </div>
    </Card>
  );
}

function UsageCard({ usage }: Pick<Member, "usage">) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">Usage this month</h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2">
        {usage.map((q) => (
          <li key={q.type}>
            <p className="text-sm font-medium capitalize">{q.type}</p>
            {q.limit === 0 ? (
              <p className="mt-1 text-xs text-fg-muted">Not included in your plan</p>
            ) : (
              <QuotaIndicator className="mt-1" type={q.type} remaining={q.remaining} limit={q.limit} status={q.status} />
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Spec 01 §2: the signed-in user's profile, plan and benefits, this month's usage, their intro requests and sign-out. */
export function SettingsPage(data: SettingsData) {
  const { signOut, pending, error } = useSignOut();
  if (!data.user) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <p className="text-lg">Please sign in to view your profile.</p>
        <Link to="/sign-in?returnTo=%2Fsettings" className={buttonClass({ className: "mt-6" })}>
          Sign In
        </Link>
      </div>
    );
  }
  const { user, plan, usage, intros } = data;
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
      {data.emailChanged ? (
        <p role="status" className="rounded-md border border-accent/40 bg-accent/10 px-3 py-2 text-sm">
          Your e-mail address is now {user.email}.
        </p>
      ) : null}
      <ProfileCard user={user} plan={plan} />

      <BenefitsCard user={user} plan={plan} />

      <UsageCard usage={usage} />

      <SavedSearchesSection data={data.savedSearches} />

      <MyIntroRequestsCard intros={intros} />

      <SecuritySection email={user.email} data={data.security} />
      <SessionsSection sessions={data.security.sessions} now={data.security.now} />

      <ApiKeysSection data={data.apiKeys} />
      <FollowingSection {...data.follows} />
      <LeaveSection />

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Account Actions</h2>
        <Button variant="secondary" className="mt-3" disabled={pending} onClick={() => void signOut()}>
          {pending ? "Signing out..." : "Sign Out"}
        </Button>
        {error ? (
          <p role="alert" className="mt-2 text-sm text-danger">
            {error}
          </p>
        ) : null}
      </Card>
    </div>
  );
}
