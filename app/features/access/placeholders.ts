import type { AccessLevel } from "./tiers.ts";

/** Masked magnitude hint for money values (spec 01 §6): the size shows, the figure does not. */
export function maskedMagnitude(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "$X.X Million";
  const abs = Math.abs(amount);
  if (abs >= 1e9) return "$X.XB+";
  if (abs >= 1e6) return "$X.XM+";
  if (abs >= 1e3) return "$X.XK+";
  return "$X.X+";
}

/** A revenue range code's lower bound in dollars, for the magnitude hint. */
const REVENUE_MAGNITUDE: Record<string, number> = {
  less_than_100k: 1e3,
  "100k_to_1m": 1e5,
  "1m_to_5m": 1e6,
  "5m_to_10m": 5e6,
  "10m_to_50m": 1e7,
  more_than_50m: 5e7,
};

export interface Placeholder {
  placeholder: string;
  message: string;
}

const PREVIEW_LENGTH = 100;

const CONTACT_MESSAGE = "Upgrade to access executive contacts";
/**
 * Spec 01 §6 says only "Masked" for contacts: these are the masks, one per field and never made from the value, so
 * that every listing's masked e-mail, phone or contact name is the same text whatever it hides (or whether it hides
 * anything at all). They keep the look of what they stand for, and not one letter or digit of it.
 */
const MASKED_EMAIL = "•••••@•••••.•••";
const MASKED_PHONE = "+•• ••• ••• ••••";
const MASKED_NAME = "••••• •••••";

/**
 * The spec's 100-character preview, but never the whole text: a short gated text would otherwise be sent in full
 * as its own "preview". At most half of a text shorter than 200 characters is shown.
 */
export function textPreview(value: unknown): string {
  const text = [...(typeof value === "string" ? value : "")];
  if (!text.length) return "";
  const length = Math.min(PREVIEW_LENGTH, Math.floor(text.length / 2));
  return `${text.slice(0, length).join("").trimEnd()}…`;
}

/**
 * What stands in for a restricted field (spec 01 §6 placeholder table). Only the placeholder leaves the server. It is
 * one fixed text per field, whatever the value and whether there is one (decision 0070), except for the spec's two
 * teasers, which are made from the value on purpose: a text's preview (never the rest) and a money value's magnitude.
 */
export function placeholderFor(field: string, value: unknown): Placeholder {
  switch (field) {
    case "revenue":
    case "revenueRange": {
      const magnitude = typeof value === "number" ? value : typeof value === "string" ? REVENUE_MAGNITUDE[value] : undefined;
      return { placeholder: maskedMagnitude(magnitude), message: "Upgrade to unlock revenue data" };
    }
    case "funding":
      return { placeholder: maskedMagnitude(typeof value === "number" ? value : undefined), message: "Subscribe to view funding details" };
    case "valuation":
      return { placeholder: maskedMagnitude(typeof value === "number" ? value : undefined), message: "Upgrade to unlock valuation data" };
    case "description":
    case "problem":
    case "solution":
      return { placeholder: textPreview(value), message: "Subscribe to read full company insights" };
    case "team":
      return { placeholder: "Team profiles available", message: "Upgrade to view executive team details" };
    // One mask per field, the same for every listing and for none (decision 0070): a mask made from the value gave it
    // away (an e-mail's initials beside the public website's domain, a phone's last digits and length).
    case "email":
    case "contactEmail":
      return { placeholder: MASKED_EMAIL, message: CONTACT_MESSAGE };
    case "phone":
      return { placeholder: MASKED_PHONE, message: CONTACT_MESSAGE };
    case "primaryContact":
    case "primarycontact": // field rule names arrive lowercased without spaces (spec 01 §3)
      return { placeholder: MASKED_NAME, message: CONTACT_MESSAGE };
    case "timing":
      return { placeholder: "", message: "Subscribe to view market analysis" };
    // Nothing of an address is shown: even a masked street or postcode narrows the place down.
    case "hqStreet":
    case "hqCity":
    case "hqRegion":
    case "hqPostalCode":
      return { placeholder: "", message: "Subscribe to see the full address" };
    case "howItWorks":
      return { placeholder: "", message: "Subscribe to view business model" };
    case "keyUseCases":
      return { placeholder: "", message: "Subscribe to explore use cases" };
    default:
      return { placeholder: "Premium content", message: "Upgrade to unlock premium data" };
  }
}

/**
 * "Upgrade to {subscriber or premium} to unlock {feature}": subscriber when the current tier is public,
 * otherwise premium; with a tier record, "Upgrade to a higher tier to unlock {feature}".
 */
export function upgradeHint(feature: string, currentTier: AccessLevel, hasTierRecord = false): string {
  if (hasTierRecord) return `Upgrade to a higher tier to unlock ${feature}`;
  return `Upgrade to ${currentTier === "public" ? "subscriber" : "premium"} to unlock ${feature}`;
}
