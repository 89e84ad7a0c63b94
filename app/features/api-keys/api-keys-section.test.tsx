import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ApiKeysSection } from "./api-keys-section.tsx";
import type { ApiKeysSectionData } from "./api-keys-settings.server.ts";

const NOW = "2026-11-28T17:01:00.000Z";
const key = { id: "k1", name: "CRM sync", prefix: "ib_live_ab12", createdAt: "2026-10-02T10:15:00.000Z", revokedAt: null, team: null };

function render(data: ApiKeysSectionData): string {
  const Stub = createRoutesStub([{ path: "/settings", Component: () => <ApiKeysSection data={data} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={["/settings"]} />);
}

describe("API keys section", () => {
  it("says how long ago a key was last used, from the loader's now, and when it was made", () => {
    const html = render({ allowed: true, now: NOW, teams: [], keys: [{ ...key, lastUsedAt: "2026-11-28T14:01:00.000Z" }] });
    expect(html).toContain("Created 2 Oct 2026, 10:15 UTC");
    expect(html).toMatch(/Last used <time datetime="2026-11-28T14:01:00.000Z" title="28 Nov 2026, 14:01 UTC">3 hours ago<\/time>/i);
  });

  it("says a key was never used", () => {
    expect(render({ allowed: true, now: NOW, teams: [], keys: [{ ...key, lastUsedAt: null }] })).toContain("Never used");
  });

  it("offers a team's scope to a member of teams, and says which keys are a team's (decision 0121)", () => {
    const html = render({
      allowed: true,
      now: NOW,
      teams: [{ id: "7e0a0000-0000-4000-8000-000000000001", name: "Northwind Ventures" }],
      keys: [{ ...key, lastUsedAt: null, team: "Northwind Ventures" }],
    });
    expect(html).toMatch(/<label[^>]*>Reaches<\/label>/);
    expect(html).toContain('<option value="7e0a0000-0000-4000-8000-000000000001">Only the lists of Northwind Ventures</option>');
    expect(html).toContain("Team key: only the lists of Northwind Ventures");
    expect(render({ allowed: true, now: NOW, teams: [], keys: [] })).not.toContain("Reaches");
  });
});
