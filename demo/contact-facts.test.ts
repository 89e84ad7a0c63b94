import { describe, expect, it } from "vitest";
import { formatPhoneNumber, normalizePhoneNumber } from "~/features/catalog/phone-number.ts";
import { contactFacts } from "./contact-facts.ts";

const COUNTRIES = ["United States", "Canada", "United Kingdom", "Germany", "France", "Netherlands", "Australia"];
const names = Array.from({ length: 60 }, (_, i) => `Demo Company ${i}`);

describe("demo contact facts", () => {
  it("gives every listing a stored-form phone number and a street of its own city", () => {
    for (const country of COUNTRIES)
      for (const name of names) {
        const facts = contactFacts(name, country, "demo.example");
        expect(normalizePhoneNumber(facts.phone!), `${country} ${facts.phone}`).toBe(facts.phone);
        expect(facts.hqStreet).toBeTruthy();
      }
  });

  it("dials a Manchester listing on a Manchester number, on Deansgate", () => {
    const manchester = names.map((name) => contactFacts(name, "United Kingdom", "demo.example")).find((f) => f.hqCity === "Manchester");
    expect(manchester?.hqStreet).toMatch(/Deansgate$/);
    expect(formatPhoneNumber(manchester!.phone!)).toMatch(/^\+44 161 496 0\d{3}$/);
  });

  it("is the same for the same name on every seed, and nothing for a country without facts", () => {
    expect(contactFacts("Branoro Dynamics", "Germany", "b.example")).toEqual(contactFacts("Branoro Dynamics", "Germany", "b.example"));
    expect(contactFacts("Branoro Dynamics", "Kenya", "b.example").phone).toBeNull();
  });
});
