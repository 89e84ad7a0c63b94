/** The rules of teams (decision 0118): who may change whose role and remove whom; the forms' limits; the signed link. */
import { describe, expect, it } from "vitest";
import { maskEmail } from "./team-invitations.server.ts";
import { checkTeamInvitationToken, teamInvitationToken } from "./team-invitation-links.server.ts";
import { InvitationForm, mayChangeRole, mayManage, mayRemove, TeamNameForm } from "./team-rules.ts";

describe("roles", () => {
  it("lets only the owner make or unmake admins, and nobody change the owner's role", () => {
    expect(mayChangeRole("owner", "member")).toBe(true);
    expect(mayChangeRole("owner", "admin")).toBe(true);
    expect(mayChangeRole("owner", "owner")).toBe(false);
    expect(mayChangeRole("admin", "member")).toBe(false);
    expect(mayChangeRole("member", "member")).toBe(false);
  });

  it("lets the owner remove anyone else, an admin remove members only, and nobody remove the owner", () => {
    expect([mayRemove("owner", "admin"), mayRemove("owner", "member"), mayRemove("owner", "owner")]).toEqual([true, true, false]);
    expect([mayRemove("admin", "admin"), mayRemove("admin", "member"), mayRemove("admin", "owner")]).toEqual([false, true, false]);
    expect([mayRemove("member", "member"), mayRemove("member", "admin")]).toEqual([false, false]);
    expect([mayManage("owner"), mayManage("admin"), mayManage("member")]).toEqual([true, true, false]);
  });
});

describe("forms", () => {
  it("takes a team name of 2 to 80 characters, trimmed", () => {
    expect(TeamNameForm.safeParse({ name: "  Northwind  " })).toMatchObject({ success: true, data: { name: "Northwind" } });
    expect(TeamNameForm.safeParse({ name: " N " }).success).toBe(false);
    expect(TeamNameForm.safeParse({ name: "x".repeat(80) }).success).toBe(true);
    expect(TeamNameForm.safeParse({ name: "x".repeat(81) }).success).toBe(false);
  });

  it("takes an invitation's address in lower case and a role of member or admin, never owner", () => {
    expect(InvitationForm.safeParse({ email: " Pat@Fund.Example ", role: "admin" })).toMatchObject({
      success: true,
      data: { email: "pat@fund.example", role: "admin" },
    });
    expect(InvitationForm.safeParse({ email: "pat@fund.example", role: "owner" }).success).toBe(false);
    expect(InvitationForm.safeParse({ email: "not an address", role: "member" }).success).toBe(false);
  });

  it("masks an invited address to its first letter and domain", () => {
    expect(maskEmail("pat.public@demo.introbase.test")).toBe("p•••@demo.introbase.test");
    expect(maskEmail("nobody")).toBe("•••");
  });
});

describe("the invitation link", () => {
  const KEY = "k".repeat(43);
  const ID = "7e0a0000-0000-4000-8000-0000000000aa";
  const NOW = Date.UTC(2026, 10, 29, 12);
  const token = teamInvitationToken(KEY, ID, new Date(NOW + 7 * 86_400_000));

  it("names its invitation while in date and under our key", () => {
    expect(checkTeamInvitationToken(KEY, token, NOW)).toEqual({ ok: true, id: ID });
  });

  it("is invalid when forged, cut, under another key or with its expiry moved; expired after its week", () => {
    const [kind, id, expiry, signature] = token.split(".");
    const later = (Number.parseInt(expiry!, 36) + 86_400).toString(36);
    expect(checkTeamInvitationToken(KEY, [kind, id, later, signature].join("."), NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(checkTeamInvitationToken(KEY, token.slice(0, -1), NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(checkTeamInvitationToken("other".repeat(9), token, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(checkTeamInvitationToken(KEY, `x${token}`, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(checkTeamInvitationToken(KEY, "t".repeat(300), NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(checkTeamInvitationToken(KEY, token, NOW + 7 * 86_400_000)).toEqual({ ok: false, reason: "expired" });
  });
});
