import type { Route } from "./+types/admin.members.detail";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { SOLD_TIERS } from "~/features/access/plan-catalogue.ts";
import { getPlanCatalogue } from "~/features/access/tier-records.server.ts";
import { getPaymentGateway } from "~/features/billing/stripe-gateway.server.ts";
import { disableMember, enableMember, grantComplimentary, revokeComplimentary } from "~/features/members/member-actions.server.ts";
import {
  DisableForm,
  EnableForm,
  endOfDay,
  grantForm,
  MemberIntentForm,
  RefundForm,
  RevokeGrantForm,
  utcDay,
} from "~/features/members/member-forms.ts";
import { getMemberPage } from "~/features/members/member-page.server.ts";
import { MemberPage, type MemberSubmission } from "~/features/members/member-page.tsx";
import { refundMemberPayment } from "~/features/members/member-refund.server.ts";
import { memberTeams } from "~/features/teams/team-membership.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { getEnv } from "~/lib/env.server.ts";
import { notFound } from "~/lib/errors.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formatDate } from "~/lib/format-date.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.member.name ?? "Member"} | Members | Introbase` }, { name: "robots", content: "noindex" }];
}

/** The payment gateway, with Stripe billing only: demo and request billing take no payment to refund. */
const gatewayOrNull = () => (getEnv().BILLING_MODE === "stripe" ? getPaymentGateway() : null);

/** One member (decision 0081): their account, plan, subscription, usage and history, and what an operator may do. */
export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, "admin");
  const page = await getMemberPage(getAppContext(args.context).database, gatewayOrNull(), args.params.id, new Date());
  if (!page) notFound("No such member.");
  const catalogue = await getPlanCatalogue(getAppContext(args.context).database);
  return {
    ...page,
    self: page.member.id === admin.id,
    billingMode: getEnv().BILLING_MODE,
    today: utcDay(new Date()),
    plans: SOLD_TIERS.map((tier) => ({ tier, name: catalogue[tier].name })),
    teams: await memberTeams(getAppContext(args.context).database, page.member.id),
  };
}

/** Grant or take back a complimentary plan, refund a payment, disable or enable the account; each audited. */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const { database } = getAppContext(args.context);
  const memberId = args.params.id;
  const form = Object.fromEntries(await readForm(args.request, { nulInValues: true }));
  const chosen = parseForm(MemberIntentForm, form);
  if (!chosen.ok) return formRefused("bad_request", { message: chosen.errors.intent ?? "Unknown action." });
  const intent = chosen.data.intent;
  const now = new Date();
  const done = (message: string) => formDone({ intent, message });
  try {
    switch (intent) {
      case "grant": {
        const parsed = parseForm(grantForm(now), form);
        if (!parsed.ok) return formRefused("bad_request", { ...refused(parsed), intent });
        const { tier, until, reason } = parsed.data;
        const decided = await grantComplimentary(database, admin, memberId, { tier, endsAt: endOfDay(until), reason }, now);
        const catalogue = await getPlanCatalogue(database);
        return done(
          `Complimentary ${catalogue[tier].name} given until ${formatDate(until)}. Their plan is now ${catalogue[decided.tier].name}.`,
        );
      }
      case "revoke": {
        const parsed = parseForm(RevokeGrantForm, form);
        if (!parsed.ok) return formRefused("bad_request", { ...refused(parsed), intent });
        const decided = await revokeComplimentary(database, admin, memberId, parsed.data.reason, now);
        const catalogue = await getPlanCatalogue(database);
        return done(`The complimentary plan is taken back. Their plan is now ${catalogue[decided.tier].name}.`);
      }
      case "refund": {
        const parsed = parseForm(RefundForm, form);
        if (!parsed.ok) return formRefused("bad_request", { ...refused(parsed), intent });
        return done(await refundMemberPayment(database, gatewayOrNull(), admin, memberId, parsed.data, now));
      }
      case "disable": {
        const parsed = parseForm(DisableForm, form);
        if (!parsed.ok) return formRefused("bad_request", { ...refused(parsed), intent });
        await disableMember(database, admin, memberId, parsed.data.reason, now);
        return done("The account is disabled: every session of it has ended, and it cannot sign in.");
      }
      case "enable": {
        const parsed = parseForm(EnableForm, form);
        if (!parsed.ok) return formRefused("bad_request", { ...refused(parsed), intent });
        await enableMember(database, admin, memberId, parsed.data.reason, now);
        return done("The account is enabled: the member can sign in again.");
      }
    }
  } catch (error) {
    return formRefusedBy(error, { intent });
  }
}

export default function AdminMember({ loaderData, actionData }: Route.ComponentProps) {
  return <MemberPage page={loaderData} result={actionData as MemberSubmission | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
