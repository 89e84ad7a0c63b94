import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { MemberSummary } from "./member-facts.server.ts";
import { MemberPage, type MemberPageProps } from "./member-page.tsx";
import { MembersTable } from "./members-table.tsx";

const NOW = "2026-11-28T17:01:00.000Z";
const member: MemberSummary = {
  id: "u1",
  name: "Rhea Member",
  email: "rhea@example.com",
  emailVerified: true,
  role: "user",
  adminByAddress: false,
  tier: "public",
  plan: "Free",
  planSource: { source: "free", text: "Free" },
  subscription: { state: "none", text: "No subscription" },
  usage: [],
  signInMethods: ["password"],
  lastSignInAt: "2026-11-28T16:19:00.000Z",
  createdAt: "2026-03-02T09:00:00.000Z",
  disabledAt: null,
};

const inRouter = (view: ReactNode) => {
  const Stub = createRoutesStub([{ path: "/admin/members", Component: () => view }]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/members"]} />);
};

describe("members' sign-ins for operators", () => {
  it("the list says how long ago a member last signed in, from the loader's now", () => {
    const html = inRouter(<MembersTable items={[member]} now={NOW} />);
    expect(html).toMatch(/last sign-in <time datetime="2026-11-28T16:19:00.000Z" title="28 Nov 2026, 16:19 UTC">42 minutes ago<\/time>/i);
    expect(html).toContain("joined 2 Mar 2026");
  });

  it("a member's page says when they last signed in and last used a session", () => {
    const page: MemberPageProps["page"] = {
      member: { ...member, lastSignInAt: "2026-11-25T08:00:00.000Z" },
      complimentary: null,
      sessions: { active: 1, lastSeenAt: "2026-11-28T15:01:00.000Z" },
      payments: null,
      history: [],
      now: NOW,
      self: false,
      billingMode: "demo",
      today: "2026-11-28",
      plans: [],
    };
    const html = inRouter(<MemberPage page={page} />);
    expect(html).toContain(">25 Nov 2026, 08:00 UTC</time>");
    expect(html).toMatch(/1 open, last used <time[^>]*>2 hours ago<\/time>/);
  });
});
