import { describe, expect, it } from "vitest";
import { judgeClaimAddress } from "./claim-rules.ts";

const NIMBUS = { domain: "nimbuspay.example", othersOnDomain: 0 };

describe("what an address proves about a listing", () => {
  it("an address at the listing's own domain proves it, from a subdomain and in any letter case", () => {
    expect(judgeClaimAddress("jo@nimbuspay.example", NIMBUS)).toEqual({ ok: true, domain: "nimbuspay.example" });
    expect(judgeClaimAddress("Jo@Mail.NimbusPay.example", NIMBUS)).toEqual({ ok: true, domain: "nimbuspay.example" });
  });

  it("a free-mail address cannot prove ownership alone, even for a listing whose website is at that host", () => {
    const verdict = judgeClaimAddress("jo@gmail.com", { domain: "gmail.com", othersOnDomain: 0 });
    expect(verdict).toMatchObject({ ok: false, reason: "free_mail" });
    expect(verdict.ok ? "" : verdict.message).toMatch(/cannot prove ownership alone/);
  });

  it("an address at another domain, or a look-alike, is refused without naming the listing's domain", () => {
    for (const address of ["jo@nimbus-pay.example", "jo@nimbuspay.example.evil.test", "jo@evilnimbuspay.example"]) {
      const verdict = judgeClaimAddress(address, NIMBUS);
      expect(verdict).toMatchObject({ ok: false, reason: "other_domain" });
      expect(verdict.ok ? "" : verdict.message).not.toContain("nimbuspay.example");
    }
  });

  it("a listing without a website cannot be proved by any address", () => {
    expect(judgeClaimAddress("jo@nimbuspay.example", { domain: null, othersOnDomain: 0 })).toMatchObject({
      ok: false,
      reason: "no_website",
    });
  });

  it("a domain several listings share (a group's brands) cannot prove one of them alone", () => {
    expect(judgeClaimAddress("jo@hooli.example", { domain: "hooli.example", othersOnDomain: 2 })).toMatchObject({
      ok: false,
      reason: "shared_domain",
    });
  });
});
