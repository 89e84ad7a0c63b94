import { plural } from "~/lib/wording.ts";

/** The pilot programme's terms (spec 01 §1 and §9), shared by the pilot page and the application dialog. */
export const PILOT_OFFER = {
  cohortSize: 5,
  earlyDiscountPercent: 30,
  introsPromised: "3-5",
  pilotDays: 30,
  pilotPrice: "$3,000 to $5,000",
  retainerPrice: "$2,000 to $4,000",
} as const;

/** The promised benefits, in the specification's order. */
export const PILOT_BENEFITS = [
  `${PILOT_OFFER.introsPromised} warm intros in ${PILOT_OFFER.pilotDays} days`,
  "A partner growth system",
  "A path to compounding revenue without cold outreach",
] as const;

/** "5 slots open" counts down as operators accept pilots (issue 4 §5). */
export function applyForPilotLabel(slotsOpen: number): string {
  return `Apply for Pilot – ${plural(slotsOpen, "slot")} open`;
}

export const PILOT_NOTE = "We only take on teams we're confident we can help. No spam, no pressure — just honest collaboration.";
