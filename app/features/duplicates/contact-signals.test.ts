import { describe, expect, it } from "vitest";
import { addressAgreement, domainStem, emailDomain, linkedinStem, streetKey } from "./contact-signals.ts";
import { prepare, registrableDomain, scorePair, type MatchRecord } from "./match-score.ts";
import { nameKey } from "./name-key.ts";

const flat = { weight: () => 1 };
const score = (a: Partial<MatchRecord> & { name: string }, b: Partial<MatchRecord> & { name: string }) =>
  scorePair(prepare({ id: "a", ...a }), prepare({ id: "b", ...b }), flat);

describe("contact signals", () => {
  it("reads an e-mail's domain, but not a free mail host's", () => {
    expect(emailDomain("Info@Mail.Acme.co.uk", registrableDomain)).toBe("acme.co.uk");
    expect(emailDomain("founder@gmail.com", registrableDomain)).toBeNull();
    expect(emailDomain("not an address", registrableDomain)).toBeNull();
  });

  it("names a domain and a LinkedIn company page by their stems; people's pages and tiny stems say nothing", () => {
    expect(domainStem("polar-materials.co.uk")).toBe("polarmaterials");
    expect(linkedinStem("company/polar-materials")).toBe("polarmaterials");
    expect(linkedinStem("in/polarmaterials")).toBeNull();
    expect(domainStem("ab.com")).toBeNull();
  });

  it("agrees on an address written two ways, and tells two buildings apart", () => {
    const at = (street: string) => ({ street: streetKey(street), city: null, postalCode: null });
    expect(addressAgreement(at("12224 Ventura Blvd."), at("12224 ventura boulevard"))).toBe("same");
    expect(addressAgreement(at("435 S. La Cienega Blv."), at("435 South La Cienega Boulevard Suite 2"))).toBe("same");
    expect(addressAgreement(at("435 S. La Cienega Blv."), at("10801 W. Pico Blvd."))).toBe("different");
    expect(addressAgreement(at(""), at("10801 W. Pico Blvd."))).toBe("unknown");
  });

  it("splits a legal form glued to the name, so 'Silver RoboticsLLC' is 'Silver Robotics'", () => {
    expect(nameKey("Silver RoboticsLLC").key).toBe("silver robotics");
    expect(nameKey("NovaGmbH").key).toBe("nova");
    // Lowercase endings are words, not forms.
    expect(nameKey("Emag").key).toBe("emag");
  });
});

describe("scoring with contact signals", () => {
  it("lifts a pair sharing a phone number into review, and says so", () => {
    const without = score({ name: "Chicago Youth Centers Rebecca Crown" }, { name: "Rebecca K Crown Center" });
    const withPhone = score(
      { name: "Chicago Youth Centers Rebecca Crown", phone: "+13125551234" },
      { name: "Rebecca K Crown Center", phone: "+13125551234" },
    );
    expect(withPhone.score).toBeGreaterThan(without.score);
    expect(withPhone.band).toBe("review");
    expect(withPhone.reasons).toContain("same phone number");
  });

  it("lets nearly the same name with the same phone and address merge, but not without the address or when it differs", () => {
    const same = score({ name: "Arts Delicatessen", phone: "+18187621221" }, { name: "Art's Deli", phone: "+18187621221" });
    expect(same.reasons).toContain("same phone number");
    const exact = score(
      { name: "Campanile", phone: "+12139381447", hqStreet: "624 S. La Brea Ave." },
      { name: "Campanile", phone: "+12139381447", hqStreet: "624 South La Brea Avenue" },
    );
    expect(exact.band).toBe("auto_merge");
    // Without an address the phone may be an agency's switchboard shared by its sites: review.
    expect(score({ name: "Campanile", phone: "+12139381447" }, { name: "Campanile", phone: "+12139381447" }).band).toBe("review");
    const twoSites = score(
      { name: "Campanile", phone: "+12139381447", hqStreet: "624 S. La Brea Ave." },
      { name: "Campanile", phone: "+12139381447", hqStreet: "100 Main St." },
    );
    expect(twoSites.band).not.toBe("auto_merge");
    expect(twoSites.reasons).toContain("different addresses");
  });

  it("pushes a pair with two different phone numbers down (negative evidence)", () => {
    const plain = score({ name: "Acme Robotics" }, { name: "Acme Robotics" });
    const phones = score({ name: "Acme Robotics", phone: "+13125550000" }, { name: "Acme Robotics", phone: "+13125559999" });
    expect(phones.score).toBeLessThan(plain.score);
    expect(plain.score - phones.score).toBeGreaterThan(0.03);
    expect(phones.reasons).toContain("different phone numbers");
  });

  it("counts the same address for a pair, and a different one against it", () => {
    const plain = score({ name: "Acme Robotics Lab Works" }, { name: "Acme Robotics" });
    const same = score({ name: "Acme Robotics Lab Works", hqStreet: "1 Main St" }, { name: "Acme Robotics", hqStreet: "1 Main Street" });
    const other = score({ name: "Acme Robotics Lab Works", hqStreet: "1 Main St" }, { name: "Acme Robotics", hqStreet: "90 Elm St" });
    expect(same.score).toBeGreaterThan(plain.score);
    expect(same.reasons).toContain("same address");
    expect(other.score).toBeLessThan(plain.score);
  });

  it("merges when one record's contact e-mail is at the other's website", () => {
    const result = score(
      { name: "Polar Materials", contactEmail: "hello@polarmaterials.co" },
      { name: "Polar Materials BV", website: "https://polarmaterials.co" },
    );
    expect(result.band).toBe("auto_merge");
    expect(result.reasons).toContain("contact e-mail at the other's website");
    // A free mail host proves nothing.
    expect(
      score({ name: "Polar Materials", contactEmail: "polar@gmail.com" }, { name: "Polar Materials", website: "gmail.com" }).band,
    ).toBe("review");
  });

  it("merges when one record's LinkedIn page is named like the other's domain, unless a URL contradicts it", () => {
    const result = score(
      { name: "Quanta Systems", linkedin: "https://linkedin.com/company/quanta-systems" },
      { name: "Quanta Systems Ltd", website: "quantasystems.co.uk" },
    );
    expect(result.band).toBe("auto_merge");
    expect(result.reasons).toContain("LinkedIn page named like the other's website");
    const contradicted = score(
      { name: "Quanta Systems", website: "quanta-global.io", linkedin: "https://linkedin.com/company/quantasystems" },
      { name: "Quanta Systems", website: "quantasystems.co.uk" },
    );
    expect(contradicted.reasons).not.toContain("LinkedIn page named like the other's website");
    expect(contradicted.band).not.toBe("auto_merge");
  });

  it("keeps a shared website and LinkedIn page for review however the names differ, but never merges it", () => {
    const result = score(
      { name: "Deltta Labs", website: "https://deltalabs.fi", linkedin: "https://linkedin.com/company/deltalabs" },
      { name: "Northwind Research Oy", website: "deltalabs.fi/en", linkedin: "linkedin.com/company/deltalabs/" },
    );
    expect(result.band).toBe("review");
    expect(result.reasons).toContain("same website and LinkedIn page, names differ: review only");
    // The parent/subsidiary guard: one of the two shared, unlike names, stays unflagged.
    const parent = score({ name: "Alphabet", website: "abc.xyz" }, { name: "Waymo", website: "abc.xyz" });
    expect(parent.band).toBe("none");
    expect(parent.reasons).toContain("same domain, names differ");
    // The branch guard still holds with both shared.
    const branches = score(
      { name: "Acme Robotics North", website: "acme.io", linkedin: "linkedin.com/company/acme" },
      { name: "Acme Robotics South", website: "acme.io", linkedin: "linkedin.com/company/acme" },
    );
    expect(branches.band).not.toBe("auto_merge");
  });
});
