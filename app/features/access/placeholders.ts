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
 * What stands in for a restricted field (spec 01 §6 placeholder table). Only the placeholder leaves the
 * server; for long texts that is a 100-character preview, never the rest.
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
    case "email":
    case "contactEmail":
    case "phone":
    case "primaryContact":
    case "primarycontact": // field rule names arrive lowercased without spaces (spec 01 §3)
      return { placeholder: maskContact(typeof value === "string" ? value : ""), message: "Upgrade to access executive contacts" };
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

/** j•••@a•••.com, +1 •••• ••12, A••• B•••: shape kept, content hidden. */
export function maskContact(value: string): string {
  if (value.includes("@")) {
    const [user = "", domain = ""] = value.split("@");
    const dot = domain.lastIndexOf(".");
    return `${user.charAt(0)}•••@${domain.charAt(0)}•••${dot > 0 ? domain.slice(dot) : ""}`;
  }
  if (/^[+\d\s().-]+$/.test(value) && /\d/.test(value)) return value.replace(/\d(?=(?:\D*\d){2})/g, "•");
  return value
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => `${w.charAt(0)}•••`)
    .join(" ");
}

/**
 * "Upgrade to {subscriber or premium} to unlock {feature}": subscriber when the current tier is public,
 * otherwise premium; with a tier record, "Upgrade to a higher tier to unlock {feature}".
 */
export function upgradeHint(feature: string, currentTier: AccessLevel, hasTierRecord = false): string {
  if (hasTierRecord) return `Upgrade to a higher tier to unlock ${feature}`;
  return `Upgrade to ${currentTier === "public" ? "subscriber" : "premium"} to unlock ${feature}`;
}
