import { describe, expect, it } from "vitest";
import { emailText } from "~/lib/email-body.ts";
import { digestEmail as compose, ITEMS_PER_SECTION } from "./digest-email.ts";

/** The digest as its text part reads. */
function digestEmail(input: Parameters<typeof compose>[0]) {
  const { subject, body } = compose(input);
  return { subject, text: emailText(body) };
}

const period = { from: new Date("2026-11-24T00:00:00Z"), to: new Date("2026-11-25T00:00:00Z") };
const links = {
  site: "https://introbase.example",
  stopSearch: [{ name: "Fintech", url: "https://introbase.example/unsubscribe/s.x" }],
  stopAll: "https://introbase.example/unsubscribe/a.y",
};

const reasons = { savedSearches: true, follows: false };

describe("digestEmail", () => {
  it("lists each section's items with absolute links, then the ways to stop", () => {
    const { subject, text } = digestEmail({
      name: "Priya",
      cadence: "daily",
      period,
      sections: [
        { heading: 'New in "Fintech" (1)', items: [{ title: "Acme Pay", url: "/profile/startup/acme-pay", detail: "Seed · FinTech" }] },
      ],
      reasons: { savedSearches: true, follows: false },
      links,
    });
    expect(subject).toBe("Your Introbase daily digest (24 Nov 2026)");
    expect(text).toContain("* Acme Pay (Seed · FinTech)\n  https://introbase.example/profile/startup/acme-pay");
    expect(text).toContain('Stop e-mails for "Fintech": https://introbase.example/unsubscribe/s.x');
    expect(text).toContain("Stop all saved-search e-mails: https://introbase.example/unsubscribe/a.y");
  });

  it("shows at most a screenful per section and says how many more", () => {
    const items = Array.from({ length: ITEMS_PER_SECTION + 3 }, (_, i) => ({ title: `L${i}`, url: `/profile/startup/l${i}`, detail: "" }));
    const { subject, text } = digestEmail({ name: "P", cadence: "weekly", period, sections: [{ heading: "H", items }], reasons, links });
    expect(subject).toBe("Your Introbase weekly digest (the week of 24 Nov 2026)");
    expect(text).toContain(`* L${ITEMS_PER_SECTION - 1}\n`);
    expect(text).not.toContain(`* L${ITEMS_PER_SECTION}\n`);
    expect(text).toContain("… and 3 more.");
  });

  it("reads well for a member who only follows listings: no saved-search lines, the way to stop follow e-mails", () => {
    const { text } = digestEmail({
      name: "Pat",
      cadence: "weekly",
      period,
      sections: [
        { heading: "Listings you follow", items: [{ title: "Acme", url: "/profile/startup/acme", detail: "funding stage: Seed" }] },
      ],
      reasons: { savedSearches: false, follows: true },
      links: { ...links, stopSearch: [] },
    });
    expect(text).toContain("You get this e-mail because you follow listings on Introbase.");
    expect(text).not.toMatch(/saved search|saved-search|Manage your alerts/i);
    expect(text).toContain("Stop e-mails about listings you follow: https://introbase.example/following");
    expect(text).toContain("Stop all these e-mails: https://introbase.example/unsubscribe/a.y");
  });

  it("names both reasons when the digest carries alerts and follows", () => {
    const { text } = digestEmail({
      name: "P",
      cadence: "daily",
      period,
      sections: [],
      reasons: { savedSearches: true, follows: true },
      links,
    });
    expect(text).toContain("because you turned on alerts for saved searches and follow listings on Introbase.");
    expect(text).toContain("Stop all these e-mails (alerts and followed listings): https://introbase.example/unsubscribe/a.y");
    expect(text).toContain("Manage your alerts: https://introbase.example/settings#saved-searches");
  });
});
