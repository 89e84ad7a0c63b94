import { describe, expect, it } from "vitest";
import { digestEmail, ITEMS_PER_SECTION } from "./digest-email.ts";

const period = { from: new Date("2026-11-24T00:00:00Z"), to: new Date("2026-11-25T00:00:00Z") };
const links = {
  site: "https://introbase.example",
  stopSearch: [{ name: "Fintech", url: "https://introbase.example/unsubscribe/s.x" }],
  stopAll: "https://introbase.example/unsubscribe/a.y",
};

describe("digestEmail", () => {
  it("lists each section's items with absolute links, then the ways to stop", () => {
    const { subject, text } = digestEmail({
      name: "Priya",
      cadence: "daily",
      period,
      sections: [
        { heading: 'New in "Fintech" (1)', items: [{ title: "Acme Pay", url: "/profile/startup/acme-pay", detail: "Seed · FinTech" }] },
      ],
      links,
    });
    expect(subject).toBe("Your Introbase daily digest (24 Nov 2026)");
    expect(text).toContain("* Acme Pay (Seed · FinTech)\n  https://introbase.example/profile/startup/acme-pay");
    expect(text).toContain('Stop e-mails for "Fintech": https://introbase.example/unsubscribe/s.x');
    expect(text).toContain("Stop all saved-search e-mails: https://introbase.example/unsubscribe/a.y");
  });

  it("shows at most a screenful per section and says how many more", () => {
    const items = Array.from({ length: ITEMS_PER_SECTION + 3 }, (_, i) => ({ title: `L${i}`, url: `/profile/startup/l${i}`, detail: "" }));
    const { subject, text } = digestEmail({ name: "P", cadence: "weekly", period, sections: [{ heading: "H", items }], links });
    expect(subject).toBe("Your Introbase weekly digest (the week of 24 Nov 2026)");
    expect(text).toContain(`* L${ITEMS_PER_SECTION - 1}\n`);
    expect(text).not.toContain(`* L${ITEMS_PER_SECTION}\n`);
    expect(text).toContain("… and 3 more.");
  });
});
