/**
 * A team's seats in Stripe billing (issue 37, decision 0119): the first purchase through Checkout, with the team as the
 * customer and the seats as the quantity; later, seats added or removed on the subscription with the prorated
 * difference invoiced at once (previewed first); cancel at the period's end, resume, and the card at the provider's
 * portal. As for members (decision 0079), every change is made at the provider and stored from its answer.
 */
import { and, count, eq, isNull } from "drizzle-orm";
import { teamMemberships, teams } from "#db/schema/teams.ts";
import type { Tx } from "~/features/access/member-tier.server.ts";
import type { BillingInterval } from "~/features/access/plan-catalogue.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { formatDate } from "~/lib/format-date.ts";
import { logger } from "~/lib/logger.server.ts";
import type { PaymentGateway, ProviderPrice } from "./payment-gateway.server.ts";
import { priceMismatch } from "./plan-prices.ts";
import { formatCents, formatSeatPrice, MAX_TEAM_SEATS, seatPrice, teamLookupKey } from "./team-plan.ts";
import {
  endSecondTeamPlan,
  liveTeamSubscriptionOf,
  lockTeam,
  storeTeamSubscription,
  storeTeamSubscriptionIn,
} from "./team-subscription-sync.server.ts";

function checkSeats(seats: number): void {
  if (!Number.isInteger(seats) || seats < 1 || seats > MAX_TEAM_SEATS)
    throw new AppError("bad_request", `Choose between 1 and ${MAX_TEAM_SEATS} seats.`);
}

/** The provider's team price for the interval, refused unless it is the one the page shows. */
async function checkedTeamPrice(gateway: PaymentGateway, interval: BillingInterval): Promise<ProviderPrice> {
  const key = teamLookupKey(interval);
  const price = await gateway.findPrice(key);
  const problem = price ? priceMismatch(price, { dollars: seatPrice(interval), interval }) : "the provider has no active price with it";
  if (problem || !price) {
    logger.error({ lookupKey: key, problem }, "the payment provider's team price does not match the team plan");
    throw new AppError(
      "conflict",
      `Seats at ${formatSeatPrice(interval)} cannot be bought right now: the payment provider's price is not the one shown. Nothing was charged.`,
    );
  }
  return price;
}

/** The team's customer at the provider, made on its first checkout and kept on the team's row. */
async function teamCustomerOf(database: Database, gateway: PaymentGateway, team: { id: string; name: string }, email: string) {
  const find = async () =>
    (await database.db.select({ id: teams.providerCustomerId }).from(teams).where(eq(teams.id, team.id)))[0]?.id ?? null;
  const known = await find();
  if (known) return known;
  const created = await gateway.createTeamCustomer({ ...team, email });
  // Only if no other checkout set one meanwhile: the first customer stays the team's.
  await database.db
    .update(teams)
    .set({ providerCustomerId: created })
    .where(and(eq(teams.id, team.id), isNull(teams.providerCustomerId)));
  return (await find()) ?? created;
}

/** Where an admin pays for the team's first seats: the provider's Checkout, coming back to the team's billing page. */
export async function startTeamCheckout(
  database: Database,
  gateway: PaymentGateway,
  input: { team: { id: string; name: string }; buyerEmail: string; seats: number; interval: BillingInterval },
  origin: string,
): Promise<{ url: string }> {
  checkSeats(input.seats);
  if (await liveTeamSubscriptionOf(database, input.team.id))
    throw new AppError("conflict", "The team pays for seats already: add or remove seats instead.");
  // Seats stay handed out when a plan ends: buying again covers at least those (the tier lends no more than it pays for).
  const assigned = await assignedSeats(database, input.team.id);
  if (input.seats < assigned) throw seatsBelowAssigned(input.seats, assigned);
  const price = await checkedTeamPrice(gateway, input.interval);
  const customerId = await teamCustomerOf(database, gateway, input.team, input.buyerEmail);
  const page = `${origin}/teams/${input.team.id}/billing`;
  const session = await gateway.createTeamCheckoutSession({
    customerId,
    priceId: price.id,
    teamId: input.team.id,
    quantity: input.seats,
    successUrl: `${page}?checkout=complete&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${page}?checkout=cancelled`,
  });
  return { url: session.url };
}

/** Back from a paid Checkout: the team's subscription is read at once (the webhook then finds it applied). */
export async function completeTeamCheckout(
  database: Database,
  gateway: PaymentGateway,
  teamId: string,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const session = await gateway.retrieveCheckoutSession(sessionId);
  if (session.clientReferenceId !== teamId || !session.subscriptionId) return false;
  const subscription = await gateway.retrieveSubscription(session.subscriptionId);
  if (await endSecondTeamPlan(database, gateway, teamId, subscription)) return false;
  await storeTeamSubscription(database, teamId, subscription, { observedAt: now, now });
  return true;
}

async function requireLiveTeamPlan(database: Database, teamId: string) {
  const live = await liveTeamSubscriptionOf(database, teamId);
  if (!live) throw new AppError("conflict", "The team pays for no seats: buy seats first.");
  return live;
}

async function assignedSeats(database: { db: Database["db"] | Tx }, teamId: string): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(teamMemberships)
    .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.seat, true)));
  return Number(row?.n ?? 0);
}

/** What changing to `seats` seats would invoice now (cents; negative: a credit for the next invoices). */
export async function previewTeamSeats(
  database: Database,
  gateway: PaymentGateway,
  teamId: string,
  seats: number,
): Promise<{ seats: number; amount: number; text: string }> {
  checkSeats(seats);
  const live = await requireLiveTeamPlan(database, teamId);
  if (seats === live.quantity) throw new AppError("conflict", `The team has ${seats} seat${seats === 1 ? "" : "s"} already.`);
  const assigned = await assignedSeats(database, teamId);
  if (seats < assigned) throw seatsBelowAssigned(seats, assigned);
  const current = await gateway.retrieveSubscription(live.id);
  if (!current.itemId) throw new AppError("conflict", "This subscription cannot be changed here: manage it in the billing portal.");
  const preview = await gateway.previewSeatChange({ id: current.id, itemId: current.itemId, customerId: current.customerId }, seats);
  const text =
    preview.amountDue > 0
      ? `${formatCents(preview.amountDue)} is charged today for the rest of this period.`
      : preview.amountDue < 0
        ? `${formatCents(-preview.amountDue)} is credited to the team's next invoices.`
        : "Nothing is charged today.";
  return { seats, amount: preview.amountDue, text };
}

/** The refusal when fewer seats than are handed out are asked for: nobody loses a seat by a change of numbers. */
export function seatsBelowAssigned(wanted: number, assigned: number): AppError {
  return new AppError(
    "conflict",
    `Unassign a seat first: ${assigned} seat${assigned === 1 ? " is" : "s are"} assigned, and the team would keep ${wanted}.`,
  );
}

/**
 * Adds or removes seats at the provider, the prorated difference invoiced at once. Under the team's lock from the count
 * to the stored answer, so a seat assigned meanwhile is counted before the seats go, never after.
 */
export async function changeTeamSeats(
  database: Database,
  gateway: PaymentGateway,
  teamId: string,
  seats: number,
  now: Date,
): Promise<string> {
  checkSeats(seats);
  const live = await requireLiveTeamPlan(database, teamId);
  return database.db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    const assigned = await assignedSeats({ db: tx }, teamId);
    if (seats < assigned) throw seatsBelowAssigned(seats, assigned);
    const current = await gateway.retrieveSubscription(live.id);
    if (!current.itemId) throw new AppError("conflict", "This subscription cannot be changed here: manage it in the billing portal.");
    const before = current.quantity;
    // The number it has already: nothing is asked of the provider, and the page says so rather than "credited".
    if (seats === before) return `The team has ${seats} seat${seats === 1 ? "" : "s"} already: nothing changed.`;
    const updated = await gateway.changeSeats({ id: current.id, itemId: current.itemId }, seats);
    await storeTeamSubscriptionIn(tx, teamId, updated, { observedAt: now, now });
    const added = seats > before;
    return `The team now has ${updated.quantity} seat${updated.quantity === 1 ? "" : "s"}. ${
      added ? "The prorated difference was charged today." : "What was paid for the removed seats is credited to the next invoices."
    }`;
  });
}

export async function setTeamCancelAtPeriodEnd(
  database: Database,
  gateway: PaymentGateway,
  teamId: string,
  cancel: boolean,
  now: Date,
): Promise<string> {
  const live = await requireLiveTeamPlan(database, teamId);
  const updated = await gateway.setCancelAtPeriodEnd(live.id, cancel);
  await storeTeamSubscription(database, teamId, updated, { observedAt: now, now });
  if (!cancel) return "The team plan renews again.";
  const end = updated.currentPeriodEnd ? ` on ${formatDate(updated.currentPeriodEnd)}` : " at the end of the period";
  return `The team plan is cancelled: its seats stay until the period paid for ends${end}, and nothing more is charged.`;
}

/** The provider's portal for the team's card and invoices, back to the team's billing page. */
export async function teamPortalSession(database: Database, gateway: PaymentGateway, teamId: string, returnUrl: string) {
  const [team] = await database.db.select({ customer: teams.providerCustomerId }).from(teams).where(eq(teams.id, teamId));
  if (!team?.customer) throw new AppError("conflict", "The team has never paid for seats: there is nothing to manage yet.");
  return gateway.createPortalSession(team.customer, returnUrl);
}
