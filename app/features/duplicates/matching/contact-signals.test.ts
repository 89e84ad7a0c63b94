import { describe, expect, it } from "vitest";
import { addressAgreement, domainStem, emailDomain, linkedinStem, phoneRelation, streetKey } from "./contact-signals.ts";
import { prepare, scorePair, type MatchRecord } from "./match-score.ts";
import { registrableDomain } from "./url-keys.ts";
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

  it("relates two phone numbers: the same, one switchboard's block, one exchange, or two places", () => {
    expect(phoneRelation("+13123824700", "+13123824700")).toBe("same");
    expect(phoneRelation("+13123824700", "+13123824706")).toBe("block");
    expect(phoneRelation("+13124684405", "+13124684660")).toBe("exchange");
    expect(phoneRelation("+13124684405", "+13127469999")).toBe("different");
    // Numbers of unlike length, or too short for a prefix to mean a range, are compared whole.
    expect(phoneRelation("+4930123456", "+49301234567")).toBe("different");
    expect(phoneRelation("+2901234", "+2901235")).toBe("different");
    expect(phoneRelation(null, "+13123824700")).toBe("unknown");
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
    const phones = score({ name: "Acme Robotics", phone: "+13125550000" }, { name: "Acme Robotics", phone: "+13127469999" });
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

  it("merges when one record's contact e-mail is at the other's website, both in one country", () => {
    const result = score(
      { name: "Polar Materials", contactEmail: "hello@polarmaterials.co", country: "NL" },
      { name: "Polar Materials BV", website: "https://polarmaterials.co", country: "NL" },
    );
    expect(result.band).toBe("auto_merge");
    expect(result.reasons).toContain("contact e-mail at the other's website");
    // A free mail host proves nothing.
    expect(
      score({ name: "Polar Materials", contactEmail: "polar@gmail.com" }, { name: "Polar Materials", website: "gmail.com" }).band,
    ).toBe("review");
  });

  it("merges when one record's LinkedIn page is named like the other's domain in one country, unless a URL contradicts it", () => {
    const result = score(
      { name: "Quanta Systems", linkedin: "https://linkedin.com/company/quanta-systems", country: "GB" },
      { name: "Quanta Systems Ltd", website: "quantasystems.com", country: "GB" },
    );
    expect(result.band).toBe("auto_merge");
    expect(result.reasons).toContain("LinkedIn page named like the other's website");
    // Issue 32: a country's domain is named only with its ending ("company/quantasystems-uk"); the stem alone is a
    // namesake's page as often as the company's own.
    const country = score(
      { name: "Quanta Systems", linkedin: "https://linkedin.com/company/quanta-systems" },
      { name: "Quanta Systems Ltd", website: "quantasystems.co.uk" },
    );
    expect(country.reasons).not.toContain("LinkedIn page named like the other's website");
    expect(country.band).toBe("review");
    const contradicted = score(
      { name: "Quanta Systems", website: "quanta-global.io", linkedin: "https://linkedin.com/company/quantasystems" },
      { name: "Quanta Systems", website: "quantasystems.co.uk" },
    );
    expect(contradicted.reasons).not.toContain("LinkedIn page named like the other's website");
    expect(contradicted.band).not.toBe("auto_merge");
  });

  it("counts a page or e-mail naming a domain both records already share as nothing more: the domain said it", () => {
    const shared = { name: "Northwind Data Studio", website: "northwind.io" };
    const domainOnly = score({ name: "Northwind", website: "https://northwind.io" }, shared);
    const withMail = score({ name: "Northwind", website: "https://northwind.io", contactEmail: "hi@northwind.io" }, shared);
    const withPage = score(
      { name: "Northwind", website: "https://northwind.io", linkedin: "https://linkedin.com/company/northwind" },
      shared,
    );
    expect(domainOnly.score).toBeLessThan(1);
    expect(withMail.score).toBe(domainOnly.score);
    expect(withPage.score).toBe(domainOnly.score);
    expect(withMail.reasons).toEqual(domainOnly.reasons);
    expect(withPage.reasons).toEqual(domainOnly.reasons);
  });

  it("keeps a shared website and LinkedIn page for review however the names differ, but never merges it", () => {
    const result = score(
      { name: "Deltta Labs", website: "https://deltalabs.fi", linkedin: "https://linkedin.com/company/deltalabs" },
      { name: "Northwind Research Oy", website: "deltalabs.fi/en", linkedin: "linkedin.com/company/deltalabs/" },
    );
    expect(result.band).toBe("review");
    expect(result.reasons).toContain("same website and LinkedIn page, names differ: review only");
    // The parent/subsidiary guard: one of the two shared, unlike names, is a person's to decide (issue 32: it used to
    // be discarded, and with it "PIRSMCLOUD" / "Prism Cloud" on their one domain).
    const parent = score({ name: "Alphabet", website: "abc.xyz" }, { name: "Waymo", website: "abc.xyz" });
    expect(parent.band).toBe("review");
    expect(parent.autoMergeAllowed).toBe(false);
    expect(parent.reasons).toContain("same domain, names differ: review only");
    // The branch guard still holds with both shared.
    const branches = score(
      { name: "Acme Robotics North", website: "acme.io", linkedin: "linkedin.com/company/acme" },
      { name: "Acme Robotics South", website: "acme.io", linkedin: "linkedin.com/company/acme" },
    );
    expect(branches.band).not.toBe("auto_merge");
  });

  it("keeps an organisation's other line (one block) and like names in one exchange for review, not against the pair", () => {
    const names = ["Howard Area Community Center", "Howard Area Community Services"] as const;
    expect(score({ name: names[0] }, { name: names[1] }).band).toBe("none");
    const inBlock = score({ name: names[0], phone: "+13126666726" }, { name: names[1], phone: "+13126666729" });
    expect(inBlock.band).toBe("review");
    expect(inBlock.reasons).toContain("phone numbers in one block");
    const exchange = score(
      { name: "Chicago Youth Centers Roseland Child Development", phone: "+13124684405" },
      { name: "Chicago Youth Centers", phone: "+13124684660" },
    );
    expect(exchange.reasons).toContain("phone numbers of one exchange");
    expect(exchange.reasons).not.toContain("different phone numbers");
    expect(exchange.band).toBe("review");
    // Neither merges by itself.
    const twin = score({ name: "Acme Robotics", phone: "+13126666726" }, { name: "Acme Robotics", phone: "+13126666729" });
    expect(twin.band).toBe("review");
  });

  it("keeps a shared phone for review when the names differ or name two branches, and never merges on it", () => {
    const unlike = score(
      { name: "Rebecca Crown Center", phone: "+13125551234" },
      { name: "Youth Services Halsted", phone: "+13125551234" },
    );
    expect(unlike.band).toBe("review");
    expect(unlike.reasons).toContain("same phone number, names differ: review only");
    const branches = score({ name: "Mary Crane North", phone: "+13125551234" }, { name: "Mary Crane East", phone: "+13125551234" });
    expect(branches.band).toBe("review");
    expect(branches.reasons).toContain("names differ in a branch word");
    const numbered = score({ name: "Teddy Bear 1", phone: "+13125551234" }, { name: "Teddy Bear 2", phone: "+13125551234" });
    expect(numbered.band).toBe("review");
    // Two different numbers keep the branch guard's cap.
    expect(score({ name: "Mary Crane North", phone: "+13125551234" }, { name: "Mary Crane East", phone: "+17735559876" }).band).toBe(
      "none",
    );
  });

  it("leaves a number on one side below review when nothing but the name is shared", () => {
    const alone = score({ name: "Summit Energy 2" }, { name: "Summit Energy" });
    expect(alone.band).toBe("none");
    expect(alone.reasons).toContain("a number on one side only");
    // A shared phone or domain still brings it to a person.
    expect(score({ name: "Summit Energy 2", phone: "+13125551234" }, { name: "Summit Energy", phone: "+13125551234" }).band).toBe("review");
    expect(
      score({ name: "Summit Energy 2", website: "summitenergy.com" }, { name: "Summit Energy", website: "summitenergy.com" }).band,
    ).toBe("review");
  });
});
