/**
 * Every browser journey imports `test` and `expect` from here. Pages paint before their JavaScript has arrived
 * (docs/decisions/0023): after a `goto` of an HTML page, wait until React has hydrated (the root layout marks
 * `<html data-hydrated>`), so a test clicks a button only once it answers, as a person would after the spinner-free
 * first second. Pages made with `browser.newPage()` get the same `goto`: the patch is on the Page class.
 */
import { test as base, type Page } from "@playwright/test";

export * from "@playwright/test";

const patched = new WeakSet<object>();

function waitForHydrationAfterGoto(page: Page) {
  const proto = Object.getPrototypeOf(page) as Page;
  if (patched.has(proto)) return;
  patched.add(proto);
  const goto = proto.goto;
  proto.goto = async function (this: Page, url, options) {
    const response = await goto.call(this, url, options);
    // Only our own pages hydrate (not the demo sign-in provider's or a JSON answer).
    const ours =
      (response?.headers()["content-type"] ?? "").includes("text/html") && (await this.evaluate(() => "__reactRouterContext" in window));
    if (ours) {
      await this.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 20_000 });
    }
    return response;
  };
}

export const test = base.extend<{ hydrationAwareGoto: void }>({
  hydrationAwareGoto: [
    async ({ page }, use) => {
      waitForHydrationAfterGoto(page);
      await use();
    },
    { auto: true },
  ],
});
