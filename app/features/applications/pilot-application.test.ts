import { describe, expect, it } from "vitest";
import { parsePilotApplication, pilotSlotsOpen } from "./pilot-application.ts";

const valid = {
  company: "Nimbus AI",
  website: "nimbus.example",
  stage: "Seed",
  goals: "Meet three channel partners in the DACH region.",
  contactName: "Ada Lovelace",
  contactEmail: "ada@nimbus.example",
};

describe("parsePilotApplication", () => {
  it("accepts a complete application and adds https:// to a bare domain", () => {
    const result = parsePilotApplication(valid);
    expect(result).toEqual({ ok: true, data: { ...valid, website: "https://nimbus.example" } });
  });

  it("names each problem beside its field and keeps what was typed", () => {
    const result = parsePilotApplication({
      ...valid,
      website: "not a site",
      stage: "IPO",
      goals: "short",
      contactEmail: "ada@",
      company: "  ",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      company: "Enter your company's name.",
      website: "Enter a website such as example.com.",
      stage: "Choose your stage.",
      goals: "Tell us in a sentence or two what you want from the pilot.",
      contactEmail: "Enter an e-mail address such as you@company.com.",
    });
    expect(result.values.goals).toBe("short");
    expect(result.values.contactName).toBe("Ada Lovelace");
  });

  it("treats missing and non-text values as empty, and caps huge input", () => {
    const result = parsePilotApplication({ company: 42, goals: "x".repeat(100_000) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.values.company).toBe("");
    expect(result.values.goals).toHaveLength(20_000);
    expect(result.errors.goals).toBe("At most 2,000 characters.");
  });

  it("keeps unicode names and rejects javascript: websites", () => {
    expect(parsePilotApplication({ ...valid, company: "Zürich Robotik 東京" }).ok).toBe(true);
    expect(parsePilotApplication({ ...valid, website: "javascript:alert(1)" }).ok).toBe(false);
  });
});

describe("pilotSlotsOpen", () => {
  it("is the cohort less accepted pilots, never negative", () => {
    expect([pilotSlotsOpen(5, 0), pilotSlotsOpen(5, 2), pilotSlotsOpen(5, 7)]).toEqual([5, 3, 0]);
  });
});
