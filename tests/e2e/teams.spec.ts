import { DEMO_TEAM } from "../../demo/demo-team.ts";
import { expect, test, type Page } from "./support/test.ts";
import { allMail, linkIn, type CaughtMail } from "./support/mail.ts";
import { signInAs } from "./support/sign-in.ts";

/**
 * Issue 37 (decision 0118), in the browser on the shared demo server: Priya, owner of the demo team Northwind Ventures,
 * invites Pat Public's address; the invitation arrives by e-mail; Pat opens it, joins, makes the team the one they work
 * in from the user menu, and leaves it again. The team ends as it began (Priya and Sam), which other journeys rely on.
 */
const TEAM = `/teams/${DEMO_TEAM.id}`;
const PAT = "pat.public@demo.introbase.test";

/** A retry starts clean: Pat out of the team and no invitation to Pat waiting. */
async function withoutPat(priya: Page) {
  await priya.goto(TEAM);
  const remove = priya.getByRole("button", { name: "Remove Pat Public" });
  if (await remove.isVisible()) {
    await remove.click();
    await expect(priya.getByText("Pat Public is no longer in the team.")).toBeVisible();
  }
  await priya.goto(`${TEAM}/invitations`);
  const revoke = priya.getByRole("button", { name: `Revoke the invitation to ${PAT}` });
  if (await revoke.isVisible()) {
    await revoke.click();
    await expect(priya.getByText(/is revoked/)).toBeVisible();
  }
}

test("an owner invites by e-mail; the invited member joins, works in the team from the menu, and leaves it", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInAs(page, "Priya Premium", { returnTo: TEAM });
  await expect(page.getByRole("heading", { name: "Northwind Ventures" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Team sections" }).getByRole("link", { name: "Seats and billing" })).toBeVisible();
  await withoutPat(page);

  // Invite Pat's address as a member.
  const invitationToPat = (m: CaughtMail) =>
    m.to.includes(PAT) && m.subject === "Priya Premium invites you to the team Northwind Ventures on Introbase";
  const before = (await allMail()).filter(invitationToPat).at(-1);
  const sentBefore = before ? linkIn(before.text, "/team-invitation") : null;
  await page.goto(`${TEAM}/invitations`);
  await page.getByLabel("E-mail address").fill(PAT);
  await page.getByLabel("Role").selectOption("member");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${PAT}.`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Open invitations" }).getByText(PAT, { exact: true })).toBeVisible();
  // The newest one: a retry finds the first attempt's (spent) invitation in the mail catcher too.
  let mail: CaughtMail | undefined;
  await expect
    .poll(async () => {
      mail = (await allMail()).filter(invitationToPat).at(-1);
      return mail ? linkIn(mail.text, "/team-invitation") : null;
    })
    .not.toBe(sentBefore);
  const link = linkIn(mail!.text, "/team-invitation");

  // Pat opens the link: signed out, sign-in first and back; opening shows who invites to what, Join joins.
  const pat = await browser.newPage();
  await signInAs(pat, "Pat Public", { returnTo: link });
  await expect(pat.getByRole("heading", { name: "Join Northwind Ventures" })).toBeVisible();
  await expect(pat.getByText("Priya Premium invited you to join Northwind Ventures as a member.")).toBeVisible();
  await pat.getByRole("button", { name: "Join Northwind Ventures" }).click();
  await expect(pat.getByRole("heading", { name: "You joined Northwind Ventures" })).toBeVisible();
  // The link works once.
  await pat.goto(link);
  await expect(pat.getByRole("heading", { name: "This invitation was already used" })).toBeVisible();

  // Working in the team, chosen from the user menu.
  await pat.goto("/teams");
  await pat.getByRole("button", { name: "Account menu" }).click();
  // (The mobile menu holds the same switcher, hidden at this width.)
  await pat.getByLabel("Working in").filter({ visible: true }).selectOption({ label: "Northwind Ventures" });
  await pat.getByRole("button", { name: "Switch" }).filter({ visible: true }).click();
  await expect(pat.getByRole("list", { name: "Your teams" }).getByText("Working in")).toBeVisible();
  await expect(pat.getByRole("list", { name: "Your teams" })).toContainText("Member · 3 members · No seat");

  // Priya sees Pat among the members.
  await page.goto(TEAM);
  await expect(page.getByRole("list", { name: "Members of this team" })).toContainText("Pat Public");

  // Pat leaves from the team's settings.
  await pat.goto(`${TEAM}/settings`);
  await pat.getByRole("button", { name: "Leave Northwind Ventures" }).click();
  await expect(pat.getByText("You left the team.")).toBeVisible();
  await expect(pat.getByText("You are in no team yet.")).toBeVisible();
  await pat.goto(TEAM);
  await expect(
    pat.getByRole("heading", { name: "You are not in this team." }).or(pat.getByText("You are not in this team.")),
  ).toBeVisible();
  await pat.close();

  // The team is as it was: Priya and Sam.
  await page.goto(TEAM);
  const members = page.getByRole("list", { name: "Members of this team" });
  await expect(members.getByRole("listitem")).toHaveCount(2);
  await expect(members).toContainText("Priya Premium");
  await expect(members).toContainText("Sam Subscriber");
});
