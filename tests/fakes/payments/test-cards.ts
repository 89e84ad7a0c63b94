/**
 * Stripe's test cards (docs.stripe.com/testing) and the checks its payment form makes before anything is charged:
 * a complete number that passes the Luhn check, an expiry not in the past, a 3- or 4-digit CVC. A valid number that
 * is not a test card is refused as Stripe's test mode refuses a real card.
 */
import { createHash } from "node:crypto";
import type { CardDetails } from "./objects.ts";
import type { CardBehaviour } from "./store.ts";

const DECLINED = "Your card has been declined.";

export const TEST_CARDS: Record<string, { brand: string; behaviour: CardBehaviour }> = {
  "4242424242424242": { brand: "visa", behaviour: { kind: "succeeds" } },
  "5555555555554444": { brand: "mastercard", behaviour: { kind: "succeeds" } },
  "4000000000000002": { brand: "visa", behaviour: { kind: "declines", declineCode: "generic_decline", message: DECLINED } },
  "4000000000009995": {
    brand: "visa",
    behaviour: { kind: "declines", declineCode: "insufficient_funds", message: "Your card has insufficient funds." },
  },
  "4000000000000069": { brand: "visa", behaviour: { kind: "declines", declineCode: "expired_card", message: "Your card has expired." } },
  "4000002500003155": { brand: "visa", behaviour: { kind: "authenticates-once" } },
  "4000002760003184": { brand: "visa", behaviour: { kind: "authenticates-always" } },
  "4000000000000341": { brand: "visa", behaviour: { kind: "attaches-then-fails" } },
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardCheck =
  { ok: true; card: CardDetails; behaviour: CardBehaviour } | { ok: false; field: "number" | "expiry" | "cvc"; message: string };

/** The form's checks, in the order the hosted page shows them; `now` (seconds) dates the expiry check. */
export function checkCard(form: CardForm, now: number): CardCheck {
  const number = form.number.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(number)) return { ok: false, field: "number", message: "Your card number is incomplete." };
  if (!luhn(number)) return { ok: false, field: "number", message: "Your card number is invalid." };
  const expiry = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(form.expiry.trim());
  if (!expiry) return { ok: false, field: "expiry", message: "Your card's expiration date is incomplete." };
  const month = Number(expiry[1]);
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12) return { ok: false, field: "expiry", message: "Your card's expiration month is invalid." };
  const today = new Date(now * 1000);
  if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1))
    return { ok: false, field: "expiry", message: "Your card's expiration date is in the past." };
  if (year > today.getUTCFullYear() + 50) return { ok: false, field: "expiry", message: "Your card's expiration year is invalid." };
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return { ok: false, field: "cvc", message: "Your card's security code is incomplete." };
  const known = TEST_CARDS[number];
  const card: CardDetails = {
    brand: known?.brand ?? "visa",
    last4: number.slice(-4),
    exp_month: month,
    exp_year: year,
    fingerprint: createHash("sha256").update(number).digest("base64url").slice(0, 16),
  };
  const behaviour: CardBehaviour = known?.behaviour ?? {
    kind: "declines",
    declineCode: "live_mode_test_card",
    message:
      "Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
  };
  return { ok: true, card, behaviour };
}
