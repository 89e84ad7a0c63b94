import { describe, expect, it } from "vitest";
import {
  GATE_ICONS,
  GATE_KINDS,
  gateAppearance,
  gateTooltip,
  GATING_MODE_DEFINITIONS,
  GATING_MODES,
  type GateKind,
} from "./gating-modes.ts";

describe("gating modes (spec 01 §4 field gating modes, DESIGN D6)", () => {
  it("knows the three gate kinds and the three modes", () => {
    expect(GATE_KINDS).toEqual(["tier", "feature", "quota"]);
    expect(GATING_MODES).toEqual(["default", "preview", "ghost"]);
    expect(Object.keys(GATING_MODE_DEFINITIONS)).toEqual([...GATING_MODES]);
  });

  it("every mode opens the upgrade dialog", () => {
    for (const mode of GATING_MODES) expect(GATING_MODE_DEFINITIONS[mode].opensUpgradeDialog).toBe(true);
  });

  it("default mode: the placeholder stays in the page, a hover overlay, a lock whatever the gate", () => {
    for (const kind of GATE_KINDS) {
      expect(gateAppearance(kind, "default")).toMatchObject({
        showsPlaceholder: true,
        blurred: false,
        overlay: "hover",
        labelVisible: false,
        icon: "lock",
      });
    }
  });

  it("preview mode: the placeholder blurred under a visible Upgrade or Quota Exceeded overlay", () => {
    const expected: Record<GateKind, string> = { tier: "Upgrade", feature: "Upgrade", quota: "Quota Exceeded" };
    for (const kind of GATE_KINDS) {
      expect(gateAppearance(kind, "preview")).toMatchObject({
        showsPlaceholder: true,
        blurred: true,
        overlay: "always",
        labelVisible: true,
        label: expected[kind],
      });
    }
  });

  it("ghost mode: a button instead of the field, with a lock, crown or alert icon", () => {
    expect(gateAppearance("tier", "ghost")).toMatchObject({ showsPlaceholder: false, overlay: "none", icon: "lock" });
    expect(gateAppearance("feature", "ghost")).toMatchObject({ showsPlaceholder: false, overlay: "none", icon: "crown" });
    expect(gateAppearance("quota", "ghost")).toMatchObject({ showsPlaceholder: false, overlay: "none", icon: "alert" });
    expect(GATE_ICONS).toEqual({ tier: "lock", feature: "crown", quota: "alert" });
  });

  it("labels every gate, visible or not, so a button without text still has a name", () => {
    for (const mode of GATING_MODES) {
      expect(gateAppearance("tier", mode).label).toBe("Upgrade");
      expect(gateAppearance("feature", mode).label).toBe("Upgrade");
      expect(gateAppearance("quota", mode).label).toBe("Quota Exceeded");
      for (const kind of GATE_KINDS) expect(gateAppearance(kind, mode)).toMatchObject({ kind, mode });
    }
  });

  it("describes the default mode as drawn over a placeholder, not over the content", () => {
    expect(GATING_MODE_DEFINITIONS.default.description).toContain("placeholder");
    expect(GATING_MODE_DEFINITIONS.preview.description).toContain('"Upgrade" or "Quota Exceeded"');
  });

  it("cannot be changed by a caller", () => {
    expect(() => {
      (GATING_MODE_DEFINITIONS.default as { blurred: boolean }).blurred = true;
    }).toThrow(TypeError);
    const appearance = gateAppearance("tier", "default");
    appearance.blurred = true;
    expect(gateAppearance("tier", "default").blurred).toBe(false);
  });
});

describe("gateTooltip", () => {
  it("tier and feature gates show the upgrade hint of spec 01 §6", () => {
    expect(gateTooltip({ kind: "tier", feature: "revenue data", currentTier: "public" })).toBe(
      "Upgrade to subscriber to unlock revenue data",
    );
    expect(gateTooltip({ kind: "feature", feature: "API access", currentTier: "subscriber" })).toBe(
      "Upgrade to premium to unlock API access",
    );
    expect(gateTooltip({ kind: "feature", feature: "API access", currentTier: "public", hasTierRecord: true })).toBe(
      "Upgrade to a higher tier to unlock API access",
    );
  });

  it("quota gates show the limit-reached message of spec 01 §8", () => {
    expect(gateTooltip({ kind: "quota", type: "views" })).toBe("You've reached your monthly views limit. Upgrade to continue.");
    expect(gateTooltip({ kind: "quota", type: "API calls" })).toBe("You've reached your monthly API calls limit. Upgrade to continue.");
  });
});
