import { expect, type Page } from "./test.ts";
import { linkIn, waitForMail } from "./mail.ts";

/**
 * A new e-mail-and-password account, signed in in this page's browser context, as a person gets one: sign up,
 * open the link that arrived by e-mail, confirm with the password (decision 0031: no sign-in before that).
 */
export async function signUpWithPassword(page: Page, origin: string, account: { name: string; email: string; password: string }) {
  const response = await page.request.post("/api/auth/sign-up/email", { headers: { origin }, data: account });
  expect(response.ok(), await response.text()).toBe(true);
  const mail = await waitForMail((m) => m.subject === "Confirm your e-mail address for Introbase" && m.to.includes(account.email));
  await page.goto(linkIn(mail.text, "/verify-email"));
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Confirm address" }).click();
  await expect(page).toHaveURL(/\/verify-email\?confirmed=1/);
}
