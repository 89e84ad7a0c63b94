import { redirect } from "react-router";
import { StatusPage } from "~/components/layout/status-page.tsx";
import type { Route } from "./+types/teams.billing";
import {
  changeTeamSeats,
  completeTeamCheckout,
  previewTeamSeats,
  setTeamCancelAtPeriodEnd,
  startTeamCheckout,
  teamPortalSession,
} from "~/features/billing/team-checkout.server.ts";
import { getPaymentGateway } from "~/features/billing/stripe-gateway.server.ts";
import { BuySeatsForm, SeatHolderForm, SeatIntentForm } from "~/features/teams/seats-form.ts";
import { getTeamBillingPage } from "~/features/teams/seats-page.server.ts";
import { assignSeat, setDemoSeats, unassignSeat } from "~/features/teams/seats.server.ts";
import { TeamBillingPage, type SeatsResult } from "~/features/teams/team-billing-page.tsx";
import { requireTeamMember } from "~/features/teams/team-membership.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { getEnv, publicUrl } from "~/lib/env.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { readForm, seeOther } from "~/lib/http.server.ts";
import { logger } from "~/lib/logger.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Seats and billing | ${loaderData?.page.team.name ?? "Team"} | Introbase` }, { name: "robots", content: "noindex" }];
}

const NOTICES: Record<string, string> = {
  paid: "Thank you: the team's seats are paid for. Give them to members below.",
  pending: "The payment is being confirmed: the seats show here in a moment.",
  cancelled: "Checkout cancelled: nothing was charged.",
};

/**
 * /teams/:teamId/billing (issue 37, decision 0119): the team's seats, who holds them and what each seat holder used this
 * month. Back from a paid Checkout, the subscription is read from the provider at once (its webhook then finds it applied).
 */
export async function loader(args: Route.LoaderArgs) {
  const { user, membership } = await requireTeamMember(args, args.params.teamId);
  const { database } = getAppContext(args.context);
  const url = new URL(args.request.url);
  const mode = getEnv().BILLING_MODE;
  const sessionId = url.searchParams.get("session_id");
  if (mode === "stripe" && url.searchParams.get("checkout") === "complete" && sessionId) {
    const done = await completeTeamCheckout(database, getPaymentGateway(), membership.teamId, sessionId, new Date()).catch(
      (error: unknown) => {
        logger.warn({ err: error }, "a team's completed checkout could not be read back; its webhook will apply it");
        return false;
      },
    );
    throw redirect(`/teams/${membership.teamId}/billing?checkout=${done ? "paid" : "pending"}`);
  }
  const page = await getTeamBillingPage(database, user, membership, mode, new Date());
  return { page, notice: NOTICES[url.searchParams.get("checkout") ?? ""] ?? null };
}

/** Buy, add or remove seats (previewed first when paid), hand them out, cancel or resume, the card at the provider's portal. */
export async function action(args: Route.ActionArgs) {
  const { user, membership } = await requireTeamMember(args, args.params.teamId, "admin");
  const { database } = getAppContext(args.context);
  const form = Object.fromEntries(await readForm(args.request, { nulInValues: true }));
  const intent = parseForm(SeatIntentForm, form);
  if (!intent.ok) return formRefused("bad_request", { message: intent.errors.intent ?? "Unknown seats action." });
  const teamId = membership.teamId;
  const mode = getEnv().BILLING_MODE;
  const now = new Date();
  const done = (message: string) => formDone({ message, intent: intent.data.intent });
  try {
    switch (intent.data.intent) {
      case "assign":
      case "unassign": {
        const parsed = parseForm(SeatHolderForm, form);
        if (!parsed.ok) return formRefused("bad_request", { message: parsed.errors.userId ?? "Choose a member." });
        const work = intent.data.intent === "assign" ? assignSeat : unassignSeat;
        return done(await work(database, { teamId, userId: parsed.data.userId }, now));
      }
      case "end-demo":
        return done(await setDemoSeats(database, { teamId, seats: 0, grantedBy: user.id }, now));
    }
    const needsSeats = ["buy", "preview-seats", "change-seats"].includes(intent.data.intent);
    const parsedSeats = parseForm(BuySeatsForm, form);
    if (needsSeats && !parsedSeats.ok)
      return formRefused("bad_request", {
        message: Object.values(parsedSeats.errors)[0] ?? "Say how many seats.",
        intent: intent.data.intent,
      });
    const seats = parsedSeats.ok ? parsedSeats.data.seats : 0;
    if (mode === "demo" && needsSeats) return done(await setDemoSeats(database, { teamId, seats, grantedBy: user.id }, now));
    if (mode !== "stripe")
      return formRefused("conflict", { message: "Seats are not sold on this site yet: we'll be in touch to set up a team plan." });
    const gateway = getPaymentGateway();
    switch (intent.data.intent) {
      case "buy": {
        const interval = parsedSeats.ok ? parsedSeats.data.interval : "monthly";
        const { url } = await startTeamCheckout(
          database,
          gateway,
          { team: { id: teamId, name: membership.teamName }, buyerEmail: user.email, seats, interval },
          publicUrl(getEnv()),
        );
        return seeOther(url);
      }
      case "preview-seats": {
        const preview = await previewTeamSeats(database, gateway, teamId, seats);
        return formDone({ intent: "preview-seats", data: preview, message: `${seats} seats: ${preview.text}` });
      }
      case "change-seats":
        return done(await changeTeamSeats(database, gateway, teamId, seats, now));
      case "cancel":
      case "resume":
        return done(await setTeamCancelAtPeriodEnd(database, gateway, teamId, intent.data.intent === "cancel", now));
      case "portal":
        return seeOther(await teamPortalSession(database, gateway, teamId, `${publicUrl(getEnv())}/teams/${teamId}/billing`));
    }
  } catch (error) {
    return formRefusedBy(error, { intent: intent.data.intent });
  }
}

/** A stranger's 404, a member's 403: said inside the site's frame (the root's boundary is for a page with none). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}

export default function TeamBilling({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData && "ok" in actionData ? (actionData as SeatsResult) : undefined;
  return <TeamBillingPage page={loaderData.page} notice={loaderData.notice} result={result} />;
}
