import { expect, test, type Page } from "./support/test.ts";
import { linkIn, waitForMail } from "./support/mail.ts";

/**
 * Issue 30 §1: a password account a person can live with, end to end in the browser, with the mail that arrives over
 * SMTP: sign up, confirm the address from the mail, sign out, sign back in with the password (the sign-in dialog),
 * forget it and reset it from the mail, change it in the settings, see the sessions and sign out everywhere else.
 * And the introduction dialog no longer ends for someone who already has an account: they sign in there and it is sent.
 */

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function signOut(page: Page) {
  await page.goto("/settings");
  await page.getByRole("button", { name: "Sign Out" }).last().click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
}

test("sign up, confirm, sign out, sign in with the password, reset it by e-mail, change it, and sign out everywhere else", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const person = { name: `Paula Password ${stamp()}`, email: `paula.${stamp()}@example.org`, password: "first long passphrase" };

  // Sign up on /sign-up, reached from the sign-in page.
  await page.goto("/sign-in?returnTo=%2Flistings");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { name: "Create your Introbase account" })).toBeVisible();
  await page.getByLabel("Full Name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill("too short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();

  // Confirm the address from the mail.
  const confirmation = await waitForMail((m) => m.subject === "Confirm your e-mail address for Introbase" && m.to.includes(person.email));
  await page.goto(linkIn(confirmation.text, "/verify-email"));
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Confirm address" }).click();
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();

  // Sign out, and back in with the password through the header's sign-in dialog.
  await signOut(page);
  await page.goto("/listings");
  await page.getByRole("link", { name: "Sign In" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Sign in to Introbase" });
  await dialog.getByLabel("Email").fill(person.email);
  await dialog.getByLabel("Password").fill("not my password at all");
  await dialog.getByRole("button", { name: "Sign in with password" }).click();
  await expect(dialog.getByText("That e-mail address and password do not match an account.")).toBeVisible();
  await dialog.getByLabel("Password").fill(person.password);
  await dialog.getByRole("button", { name: "Sign in with password" }).click();
  await expect(page.getByRole("button", { name: new RegExp(person.name) }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/listings/);

  // Forgotten: ask for a link on the sign-in page, choose a new password from the mail, sign in with it.
  await signOut(page);
  await page.goto("/sign-in?returnTo=%2Fsettings");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(person.email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  const reset = await waitForMail((m) => m.subject === "Reset your Introbase password" && m.to.includes(person.email));
  const resetPath = linkIn(reset.text, "/reset-password");
  await page.goto(resetPath);
  await page.getByLabel("New password").fill("second long passphrase");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Your new password is set")).toBeVisible();
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill("second long passphrase");
  await page.getByRole("button", { name: "Sign in with password" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  // The link worked once.
  await page.goto(resetPath);
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();

  // A second browser signs in too; the settings list both, and "Sign out everywhere else" ends the other one.
  const laptop = await browser.newContext();
  const other = await laptop.newPage();
  await other.goto("/sign-in?returnTo=%2Fsettings");
  await other.getByLabel("Email").fill(person.email);
  await other.getByLabel("Password").fill("second long passphrase");
  await other.getByRole("button", { name: "Sign in with password" }).click();
  await expect(other).toHaveURL(/\/settings/);

  await page.goto("/settings");
  const sessions = page.getByRole("list", { name: "Your sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByRole("listitem").first()).toContainText("This browser");
  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(page.getByText("Every other session is signed out.", { exact: true })).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  expect((await other.request.get("/api/auth/me")).status()).toBe(401);

  // Change the password: the current one is asked; this browser stays signed in.
  await page.getByLabel("Current password").first().fill("not the current one");
  await page.getByLabel("New password").fill("third long passphrase");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("That is not your current password.")).toBeVisible();
  await page.getByLabel("Current password").first().fill("second long passphrase");
  await page.getByLabel("New password").fill("third long passphrase");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password is changed.")).toBeVisible();
  await expect(page).toHaveURL(/passwordChanged=1/);
  expect((await page.request.get("/api/auth/me")).status()).toBe(200);

  // The new password is the one that works.
  await other.goto("/sign-in?returnTo=%2Fsettings");
  await other.getByLabel("Email").fill(person.email);
  await other.getByLabel("Password").fill("second long passphrase");
  await other.getByRole("button", { name: "Sign in with password" }).click();
  await expect(other.getByText("That e-mail address and password do not match an account.")).toBeVisible();
  await other.getByLabel("Password").fill("third long passphrase");
  await other.getByRole("button", { name: "Sign in with password" }).click();
  await expect(other).toHaveURL(/\/settings/);
  await laptop.close();
});

test("a visitor whose address has an account signs in inside the introduction dialog, and the request is sent", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const person = { name: `Ines Intro ${stamp()}`, email: `ines.${stamp()}@example.org`, password: "intro long passphrase" };
  // The account exists and is confirmed: made and confirmed in another browser.
  const setup = await browser.newContext();
  const other = await setup.newPage();
  await other.goto("/sign-up");
  await other.getByLabel("Full Name").fill(person.name);
  await other.getByLabel("Email").fill(person.email);
  await other.getByLabel("Password").fill(person.password);
  await other.getByRole("button", { name: "Create account" }).click();
  const confirmation = await waitForMail((m) => m.subject === "Confirm your e-mail address for Introbase" && m.to.includes(person.email));
  await other.goto(linkIn(confirmation.text, "/verify-email"));
  await other.getByLabel("Password").fill(person.password);
  await other.getByRole("button", { name: "Confirm address" }).click();
  await expect(other.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
  await setup.close();

  const response = await page.request.get("/api/listings?type=startups&pageSize=50", { headers: { cookie: "" } });
  const { data } = (await response.json()) as {
    data: Array<{ locked: boolean; listingVisibility: string; type: string; slug: string; name: string }>;
  };
  const target = data.filter((i) => !i.locked && i.listingVisibility === "public").at(-1)!;
  await page.goto(`/profile/${target.type}/${target.slug}`);
  await page.getByRole("button", { name: "Request Introduction" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Request an Introduction" });
  await dialog.getByLabel("Your Name").fill(person.name);
  await dialog.getByLabel("Your Email").fill(person.email);
  await dialog.getByRole("button", { name: "Generate with AI" }).click();
  await page.getByText("I'm not a robot").click();
  await expect
    .poll(() => page.locator("altcha-widget").evaluate((w) => (w as HTMLElement & { getState(): string }).getState()), { timeout: 20_000 })
    .toBe("verified");
  await dialog.getByRole("button", { name: "Send Request" }).click();
  await expect(dialog.getByText("Complete Your Sign Up")).toBeVisible();

  // The sign-up as a stranger would try it: the same answer as for a new address, and the mail tells the owner.
  await dialog.getByLabel("Phone Number").fill("+1 555 010 0100");
  await dialog.getByLabel("Password").fill("someone else's guess");
  await dialog.getByRole("button", { name: "Complete Sign Up" }).click();
  await expect(dialog.getByRole("heading", { name: "Confirm your e-mail address" })).toBeVisible();
  const told = await waitForMail((m) => m.subject === "You already have an Introbase account" && m.to.includes(person.email));
  expect(told.text).toContain("/forgot-password");

  // The owner signs in right there, and the request goes.
  await dialog.getByRole("button", { name: "Sign in to send it" }).click();
  await expect(dialog.getByLabel("Email")).toHaveValue(person.email);
  await dialog.getByLabel("Password").fill(person.password);
  await dialog.getByRole("button", { name: "Sign In and Send" }).click();
  await expect(page.getByText("Introduction request sent!")).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(person.name) }).first()).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByRole("link", { name: target.name })).toBeVisible();
});
