import { upgradeHint } from "./placeholders.ts";
import { QUOTA_EXCEEDED, quotaLimitReachedMessage, type QuotaType } from "./quotas.ts";
import type { AccessLevel } from "./tiers.ts";

/** What a field is gated by (spec 01 §4): an access level, a named capability, or usage. */
export const GATE_KINDS = ["tier", "feature", "quota"] as const;
export type GateKind = (typeof GATE_KINDS)[number];

export const GATING_MODES = ["default", "preview", "ghost"] as const;
export type GatingMode = (typeof GATING_MODES)[number];

export type GateIcon = "lock" | "crown" | "alert";
export type GateLabel = "Upgrade" | typeof QUOTA_EXCEEDED;

export interface GatingModeDefinition {
  /** How the mode looks, for whoever draws it. */
  description: string;
  /** Whether the placeholder stays on the page under the gate. It is always a placeholder (DESIGN D6). */
  showsPlaceholder: boolean;
  blurred: boolean;
  /** When the overlay appears: on hover or focus, always, or not at all (the ghost button replaces the field). */
  overlay: "hover" | "always" | "none";
  /** Whether the overlay or button shows its label as text; otherwise the label is only its accessible name. */
  labelVisible: boolean;
  opensUpgradeDialog: boolean;
}

/**
 * The three gating modes of spec 01 §4. The specification's default mode renders the locked content itself; here
 * every mode draws over the placeholder that replaced it on the server, so no mode can leak a value.
 */
export const GATING_MODE_DEFINITIONS: Readonly<Record<GatingMode, Readonly<GatingModeDefinition>>> = Object.freeze({
  default: Object.freeze({
    description: "The placeholder renders in the page, with a hover overlay and a lock icon. Clicking it opens the upgrade dialog.",
    showsPlaceholder: true,
    blurred: false,
    overlay: "hover",
    labelVisible: false,
    opensUpgradeDialog: true,
  }),
  preview: Object.freeze({
    description: 'The placeholder is blurred, with an "Upgrade" or "Quota Exceeded" overlay and a tooltip.',
    showsPlaceholder: true,
    blurred: true,
    overlay: "always",
    labelVisible: true,
    // The spec names no click action here; the overlay is a call to upgrade, so it leads where the others do.
    opensUpgradeDialog: true,
  }),
  ghost: Object.freeze({
    description: "A ghost button with a lock, crown or alert icon stands in for the field and opens the upgrade dialog.",
    showsPlaceholder: false,
    blurred: false,
    overlay: "none",
    labelVisible: false,
    opensUpgradeDialog: true,
  }),
});

/** One icon per gate kind, in the spec's order: tier → lock, feature → crown, quota → alert. */
export const GATE_ICONS: Readonly<Record<GateKind, GateIcon>> = Object.freeze({ tier: "lock", feature: "crown", quota: "alert" });

export interface GateAppearance extends GatingModeDefinition {
  kind: GateKind;
  mode: GatingMode;
  label: GateLabel;
  icon: GateIcon;
}

/** The label and icon of a gate: "Quota Exceeded" for quota gates, "Upgrade" otherwise; default mode always locks. */
export function gateAppearance(kind: GateKind, mode: GatingMode): GateAppearance {
  return {
    ...GATING_MODE_DEFINITIONS[mode],
    kind,
    mode,
    label: kind === "quota" ? QUOTA_EXCEEDED : "Upgrade",
    icon: mode === "default" ? "lock" : GATE_ICONS[kind],
  };
}

export type GateSubject =
  { kind: "tier" | "feature"; feature: string; currentTier: AccessLevel; hasTierRecord?: boolean } | { kind: "quota"; type: QuotaType };

/** The tooltip of a gate: the upgrade hint for tier and feature gates, the limit-reached message for quotas. */
export function gateTooltip(subject: GateSubject): string {
  if (subject.kind === "quota") return quotaLimitReachedMessage(subject.type);
  return upgradeHint(subject.feature, subject.currentTier, subject.hasTierRecord ?? false);
}
