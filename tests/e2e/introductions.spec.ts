import { expect, test, type Browser, type Page } from "./support/test.ts";
import { allMail, linkIn, waitForMail } from "./support/mail.ts";
import { signInAs } from "./support/sign-in.ts";

/**
 * The consent-based introduction, end to end: the proof of work solved by the browser, a real account made in
 * the sign-up step and confirmed through the link it was mailed, an operator's approval, the recipient's answer
 * through the link that arrived by e-mail (SMTP to the local catcher), and the e-mails both sides receive.
 */

async function publicStartups(page: Page): Promise<Array<{ name: string; path: string }>> {
  const response = await page.request.get("/api/listings?type=startups&pageSize=100", { headers: { cookie: "" } });
  const { data } = (await response.json()) as {
    data: Array<{ locked: boolean; type: string; slug: string; name: string; listingVisibility: string }>;
  };
  return data
    .filter((i) => !i.locked && i.listingVisibility === "public")
    .map((i) => ({ name: i.name, path: `/profile/${i.type}/${i.slug}` }));
}

async function tickRobotBox(page: Page) {
  await page.getByText("I'm not a robot").click();
  // The widget really solves the challenge (PBKDF2 in web workers) before it reports verified.
  await expect
    .poll(() => page.locator("altcha-widget").evaluate((w) => (w as HTMLElement & { getState(): string }).getState()), { timeout: 20_000 })
    .toBe("verified");
}

async function fillRequest(page: Page, { name, email }: { name?: string; email?: string }) {
  if (name !== undefined) await page.getByLabel("Your Name").fill(name);
  if (email !== undefined) await page.getByLabel("Your Email").fill(email);
  await page.getByRole("button", { name: "Generate with AI" }).click();
  await expect(page.getByLabel("Message")).toHaveValue(/^Hi .+ team,/);
}

async function approveAs(browser: Browser, requesterName: string, targetName: string) {
  const admin = await browser.newPage();
  await signInAs(admin, "Ada Admin", { returnTo: "/admin/intros" });
  const item = admin.getByTestId("intro-request").filter({ hasText: requesterName }).filter({ hasText: targetName });
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText("Approved: the recipient has been e-mailed.")).toBeVisible();
  await admin.goto("/admin/intros?status=awaiting_recipient");
  await expect(admin.getByTestId("intro-request").filter({ hasText: requesterName }).filter({ hasText: targetName })).toBeVisible();
  await admin.close();
}

test("a visitor asks, signs up, confirms the address by e-mail, an admin approves, the recipient accepts by e-mail and both are introduced", async ({
  page,
  browser,
}) => {
  // Three people and two mailboxes: the requester (in two browsers), an operator and the recipient.
  test.setTimeout(90_000);
  const [target] = await publicStartups(page);
  const requester = { name: `Vera Visitor ${Date.now()}`, email: `vera.${Date.now()}@example.org` };
  await page.goto(target!.path);
  await page.getByRole("button", { name: "Request Introduction" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Request an Introduction" });
  await expect(dialog.getByLabel("To")).toHaveValue(target!.name);
  await fillRequest(page, requester);

  // Unticked: the spec's toast, nothing sent.
  await dialog.getByRole("button", { name: "Send Request" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Verification required" })).toContainText(
    "Please confirm you're not a robot before submitting.",
  );

  await tickRobotBox(page);
  await dialog.getByRole("button", { name: "Send Request" }).click();
  await expect(dialog.getByText("Complete Your Sign Up")).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toHaveValue(requester.name);
  await expect(dialog.getByLabel("Phone Number")).toHaveAttribute("placeholder", "(555) 123-4567");
  await dialog.getByLabel("Phone Number").fill("+1 555 010 0100");
  await dialog.getByLabel("Password").fill("short");
  await dialog.getByRole("button", { name: "Complete Sign Up" }).click();
  await expect(dialog.getByText("Use at least 10 characters.")).toBeVisible();
  await expect(dialog.getByLabel("Phone Number")).toHaveValue("+1 555 010 0100");
  await dialog.getByLabel("Password").fill("a long enough password");
  await dialog.getByRole("button", { name: "Complete Sign Up" }).click();
  await expect(page.getByText("Check your e-mail to finish signing up.")).toBeVisible();
  // The address is not proven yet (DESIGN D15): the dialog says to confirm it, and nobody is signed in.
  await expect(dialog.getByRole("heading", { name: "Confirm your e-mail address" })).toBeVisible();
  await expect(dialog).toContainText(`We sent a link to ${requester.email}`);
  await expect(dialog).toContainText("It goes to our team as soon as your address is confirmed");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: new RegExp(requester.name) })).toHaveCount(0);

  // The link arrives by e-mail. Opened elsewhere without JavaScript, it asks for the password and refuses a wrong one.
  const verification = await waitForMail(
    (m) => m.subject === "Confirm your e-mail address for Introbase" && m.to.includes(requester.email),
  );
  const verifyPath = linkIn(verification.text, "/verify-email");
  const elsewhere = await browser.newContext({ javaScriptEnabled: false });
  const mailbox = await elsewhere.newPage();
  await mailbox.goto(verifyPath);
  await expect(mailbox.getByRole("heading", { name: "Confirm your e-mail address" })).toBeVisible();
  await mailbox.getByLabel("Password").fill("not the password at all");
  await mailbox.getByRole("button", { name: "Confirm address" }).click();
  await expect(mailbox.getByText("That is not the password of this account.")).toBeVisible();

  // In the browser that signed up: the right password confirms the address, signs in and sends the request.
  await page.goto(verifyPath);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Confirm address" }).click();
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
  await expect(page.getByText(`Your introduction request to ${target!.name} is with our team now.`)).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(requester.name) })).toBeVisible();

  // The link works once.
  await mailbox.goto(verifyPath);
  await expect(mailbox.getByRole("heading", { name: "This link was already used" })).toBeVisible();
  await elsewhere.close();

  await approveAs(browser, requester.name, target!.name);

  const ask = await waitForMail((m) => m.subject === `${requester.name} would like an introduction to ${target!.name}`);
  expect(ask.text).not.toContain(requester.email);
  const recipientEmail = ask.to[0]!;
  const acceptPath = linkIn(ask.text, "/introductions/respond/");
  // The HTML part leads to the same place, and keeps the address as much to itself.
  expect(ask.html).toContain(`href="http://127.0.0.1:`);
  expect(ask.html).toContain(`${acceptPath}"`);
  expect(ask.html).not.toContain(requester.email);
  // The recipient's address reaches nobody's browser: not the profile page, not its data.
  for (const url of [target!.path, `/api${target!.path.replace("/profile", "/listings")}`]) {
    expect(await (await page.request.get(url)).text()).not.toContain(recipientEmail);
  }

  const recipient = await browser.newPage();
  await recipient.goto(acceptPath);
  await expect(recipient.getByRole("heading", { name: `${requester.name} would like an introduction to ${target!.name}` })).toBeVisible();
  await recipient.getByRole("button", { name: "Accept introduction" }).click();
  await expect(recipient.getByRole("heading", { name: "Introduction made" })).toBeVisible();

  const intro = await waitForMail((m) => m.subject === `Introduction: ${requester.name} <> ${target!.name}`);
  expect(intro.to.sort()).toEqual([requester.email, recipientEmail].sort());
  expect(intro.text).toContain(recipientEmail);

  // The link is single-use: opening it again answers nothing.
  await recipient.goto(acceptPath);
  await expect(recipient.getByRole("heading", { name: "Already answered" })).toBeVisible();
  const declinePath = linkIn(ask.text.slice(ask.text.indexOf(acceptPath) + acceptPath.length), "/introductions/respond/");
  await recipient.goto(declinePath);
  await expect(recipient.getByRole("heading", { name: "Already answered" })).toBeVisible();
  expect((await allMail()).filter((m) => m.subject.startsWith(`Introduction: ${requester.name}`))).toHaveLength(1);
  await recipient.close();

  await page.goto("/settings");
  const row = page.getByRole("listitem").filter({ hasText: target!.name });
  await expect(row.getByText("Introduced")).toBeVisible();
});

test("a member's request the recipient declines: the requester hears politely, without the recipient's address", async ({
  page,
  browser,
}) => {
  await signInAs(page, "Sam Subscriber");
  const targets = await publicStartups(page);
  const target = targets[5]!;
  await page.goto(target.path);
  await page.getByRole("button", { name: "Request Introduction" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Request an Introduction" });
  // Signed in: name and e-mail come from the account.
  await expect(dialog.getByLabel("Your Name")).toHaveValue("Sam Subscriber");
  await fillRequest(page, {});
  await tickRobotBox(page);
  await dialog.getByRole("button", { name: "Send Request" }).click();
  await expect(page.getByText("Introduction request sent!")).toBeVisible();
  await expect(dialog).toBeHidden();

  await approveAs(browser, "Sam Subscriber", target.name);
  const ask = await waitForMail((m) => m.subject === `Sam Subscriber would like an introduction to ${target.name}`);
  const recipientEmail = ask.to[0]!;
  const paths = [...ask.text.matchAll(/https?:\/\/\S+(\/introductions\/respond\/\S+)/g)].map((m) => m[1]!);
  const recipient = await browser.newPage();
  await recipient.goto(paths[1]!);
  await recipient.getByRole("button", { name: "Decline introduction" }).click();
  await expect(recipient.getByRole("heading", { name: "Request declined" })).toBeVisible();
  await recipient.close();

  const declined = await waitForMail(
    (m) => m.subject === `Your introduction request to ${target.name}` && m.text.includes("not able to take it up"),
  );
  expect(declined.to).toEqual(["sam.subscriber@demo.introbase.test"]);
  expect(declined.text).not.toContain(recipientEmail);

  await page.goto("/settings");
  await expect(page.getByRole("listitem").filter({ hasText: target.name }).getByText("Declined")).toBeVisible();
});

test("a solved proof of work is accepted once: the same payload sent again is refused", async ({ page }) => {
  await signInAs(page, "Sam Subscriber");
  const target = (await publicStartups(page))[9]!;
  await page.goto(target.path);
  let sent: string | undefined;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/intro-requests") && request.method() === "POST") sent = request.postData() ?? undefined;
  });
  await page.getByRole("button", { name: "Request Introduction" }).first().click();
  await fillRequest(page, {});
  await tickRobotBox(page);
  await page.getByRole("button", { name: "Send Request" }).click();
  await expect(page.getByText("Introduction request sent!")).toBeVisible();
  expect(sent).toBeTruthy();

  // Replayed from the same page, cookies and origin included: only the proof is stale.
  const replay = await page.evaluate(async (body) => {
    const response = await fetch("/api/intro-requests", { method: "POST", headers: { "Content-Type": "application/json" }, body });
    return { status: response.status, body: await response.json() };
  }, sent!);
  expect(replay.status).toBe(400);
  expect(replay.body.error).toBe("This robot check was already used. Please tick the box again.");
});
