import { expect, type Page } from "./test.ts";

export type DemoUserName = "Pat Public" | "Sam Subscriber" | "Priya Premium" | "Ada Admin";

/**
 * Signs in through the whole authorization-code flow: our sign-in page, the provider redirect, the local
 * demo provider's account chooser, the callback, and back to `returnTo`.
 */
export async function signInAs(page: Page, user: DemoUserName, { provider = "Google", returnTo = "/listings" } = {}) {
  await page.goto(`/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByRole("link", { name: `Continue with ${provider}` }).click();
  await expect(page).toHaveURL(/\/dev\/oidc\/(google|linkedin)\/choose-account/);
  await page.getByRole("link", { name: new RegExp(user) }).click();
  await expect(page).toHaveURL((url) => url.pathname === returnTo.split("?")[0]);
}
