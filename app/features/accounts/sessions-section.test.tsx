import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { MemberSession } from "./member-sessions.server.ts";
import { SessionsSection } from "./sessions-section.tsx";

const NOW = "2026-11-28T17:01:00.000Z";
const session = (over: Partial<MemberSession>): MemberSession => ({
  id: "s1",
  device: "Firefox on Linux",
  address: "203.0.113.9",
  lastActive: NOW,
  signedIn: "2026-11-20T08:30:00.000Z",
  current: false,
  ...over,
});

function render(sessions: MemberSession[]): string {
  const Stub = createRoutesStub([{ path: "/settings", Component: () => <SessionsSection sessions={sessions} now={NOW} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={["/settings"]} />);
}

describe("Where you're signed in", () => {
  it("says how long ago a session was last active, from the loader's now, and when it signed in", () => {
    const html = render([session({ lastActive: "2026-11-28T16:56:00.000Z" })]);
    expect(html).toContain("Last active <time");
    expect(html).toMatch(/<time datetime="2026-11-28T16:56:00.000Z" title="28 Nov 2026, 16:56 UTC">5 minutes ago<\/time>/i);
    expect(html).toContain("Signed in 20 Nov 2026, 08:30 UTC");
  });

  it("gives the date and time of activity a day old or more", () => {
    expect(render([session({ lastActive: "2026-11-26T09:00:00.000Z" })])).toContain(">26 Nov 2026, 09:00 UTC</time>");
  });
});
