/**
 * Every browser journey imports `test` and `expect` from here (the security suite's specs too).
 *
 * Pages paint before their JavaScript has arrived (docs/decisions/0023): after a `goto` of an HTML page, wait until
 * React has hydrated (the root layout marks `<html data-hydrated>`), so a test clicks a button only once it answers,
 * as a person would after the spinner-free first second. Pages made with `browser.newPage()` get the same `goto`:
 * the patch is on the Page class.
 *
 * A console error or an uncaught error in any page of the test (its own `page`, and pages of contexts it opens with
 * `browser.newContext()` or `browser.newPage()`) fails the test once it has run (decision 0047), unless
 * tests/support/console-allow-list.ts allows it.
 */
import { test as base, type BrowserContext, type ConsoleMessage, type Page, type Request, type WebError } from "@playwright/test";
import { isAllowedConsoleMessage } from "../../support/console-allow-list.ts";
import { keepServedPages } from "./served-pages.ts";

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

/**
 * Collects what a context's pages say is wrong. Chromium reports a page the server answered with an error status
 * ("Failed to load resource: ... 404") as a console error of that page; a test that opens a missing profile on
 * purpose asserts the answer itself, so the load of a document the browser navigated to is not counted. A failed
 * image, script or fetch is.
 */
function watchContext(context: BrowserContext, file: string, found: string[]): () => void {
  const documents = new Set<string>();
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest()) documents.add(request.url());
  };
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== "error") return;
    const text = message.text();
    const where = message.location().url;
    if (/^Failed to load resource: /.test(text) && documents.has(where)) return;
    // Matched with the url it is about, so an entry can allow a status for one kind of request only.
    const said = `${text}${where ? ` (${where})` : ""}`;
    if (isAllowedConsoleMessage("browser", said, file)) return;
    found.push(`console error on ${message.page()?.url() ?? where}: ${said}`);
  };
  const onWebError = (error: WebError) => {
    const text = `${error.error().name}: ${error.error().message}`;
    if (isAllowedConsoleMessage("browser", text, file)) return;
    found.push(`uncaught error on ${error.page()?.url() ?? "a page"}: ${error.error().stack ?? text}`);
  };
  context.on("request", onRequest);
  context.on("console", onConsole);
  context.on("weberror", onWebError);
  // The context outlives the test when it is reused (playwright.config.ts): the next test watches it afresh.
  return () => {
    context.off("request", onRequest);
    context.off("console", onConsole);
    context.off("weberror", onWebError);
  };
}

/**
 * Playwright's clocks (`page.clock`) belong to the browser context, which playwright.config.ts reuses from one test to
 * the next. A clock a test leaves paused is resumed by Playwright as the test's context is handed on, without waiting,
 * while the reset for the next test removes the clock: when the reset wins, the "resume" script stays behind without
 * the clock it talks to and throws "Cannot read properties of undefined (reading 'controller')" in every page of the
 * next test (issue 29, finding 13; tests/e2e/clock-reset.spec.ts). So a clock a test paused is resumed, and waited
 * for, before the test ends. The script is Playwright's own: no visitor's browser ever runs it.
 */
const pausedClocks = new WeakSet<object>();

function trackPausedClocks(context: BrowserContext) {
  const proto = Object.getPrototypeOf(context.clock) as BrowserContext["clock"];
  if (patched.has(proto)) return;
  patched.add(proto);
  const { pauseAt, resume } = proto;
  proto.pauseAt = async function (this: BrowserContext["clock"], time) {
    pausedClocks.add(this);
    return pauseAt.call(this, time);
  };
  proto.resume = async function (this: BrowserContext["clock"]) {
    pausedClocks.delete(this);
    return resume.call(this);
  };
}

/** The app servers of this run (playwright.config.ts), whose pages the HTML check reads. */
const APP_ORIGINS = new Set((process.env.E2E_APP_ORIGINS ?? "").split(",").filter(Boolean));

export const test = base.extend<{
  hydrationAwareGoto: void;
  failOnConsoleErrors: void;
  resumePausedClock: void;
  keepPagesForHtmlCheck: void;
}>({
  keepPagesForHtmlCheck: [
    async ({ browser, context }, use) => {
      const stops = [keepServedPages(context, APP_ORIGINS)];
      const onContext = (opened: BrowserContext) => void stops.push(keepServedPages(opened, APP_ORIGINS));
      browser.on("context", onContext);
      await use();
      browser.off("context", onContext);
      await Promise.all(stops.map((stop) => stop()));
    },
    { auto: true },
  ],
  resumePausedClock: [
    async ({ context }, use) => {
      trackPausedClocks(context);
      await use();
      if (pausedClocks.has(context.clock)) await context.clock.resume();
    },
    { auto: true },
  ],
  hydrationAwareGoto: [
    async ({ page }, use) => {
      waitForHydrationAfterGoto(page);
      await use();
    },
    { auto: true },
  ],
  failOnConsoleErrors: [
    async ({ browser, context }, use, testInfo) => {
      const found: string[] = [];
      const stopWatching = [watchContext(context, testInfo.file, found)];
      const onContext = (opened: BrowserContext) => void stopWatching.push(watchContext(opened, testInfo.file, found));
      browser.on("context", onContext);
      await use();
      browser.off("context", onContext);
      for (const stop of stopWatching) stop();
      if (found.length > 0 && testInfo.expectedStatus === "passed") {
        throw new Error(
          `The pages of this test reported ${found.length} error(s). Fix the cause, or add it with a reason to ` +
            `tests/support/console-allow-list.ts:\n${found.map((f) => `  ${f.slice(0, 2000)}`).join("\n")}`,
        );
      }
    },
    { auto: true },
  ],
});
