/**
 * Issue 29 finding 12, the browser's half: what Chromium itself reports about our pages.
 * - zod 4 probes `new Function("")` to decide whether to compile its object parsers, and our CSP has no 'unsafe-eval':
 *   the caught probe was still reported as a Content-Security-Policy violation (Lighthouse best practices 96).
 * - An autocomplete token the element may not carry (street-address on an <input>: it names a multi-line value, so
 *   only a <textarea> or <select> may) is invalid HTML that browsers and validators flag.
 */
import { expect, test, type Page } from "./support/test.ts";

/** Pages a visitor reaches, one of each kind, zod's forms and parsers included. */
async function publicPages(page: Page): Promise<string[]> {
  await page.goto("/listings?type=startup");
  const profile = await page.locator('a[href^="/profile/startup/"]').first().getAttribute("href");
  await page.goto("/listings?type=investor");
  const investor = await page.locator('a[href^="/profile/investor/"]').first().getAttribute("href");
  return [
    "/",
    "/listings",
    profile!,
    investor!,
    "/developers",
    "/pilot?apply",
    "/get-featured/startup",
    "/get-featured/partner",
    "/sign-in",
  ];
}

test("no page reports a Content-Security-Policy violation, loaded or navigated to in the browser", async ({ page }) => {
  // Registered before any script of the page runs, on every document the page loads.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  const said: string[] = [];
  page.on("console", (message) => /Content Security Policy|unsafe-eval/i.test(message.text()) && said.push(message.text()));
  for (const path of await publicPages(page)) {
    await page.goto(path);
    // Hydration has run (support/test.ts waits for it): every module of the page has been evaluated.
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(violations, path).toEqual([]);
  }
  // Client-side navigation too: a link followed in the page loads the next route's modules without a new document.
  await page.goto("/");
  await page
    .getByRole("link", { name: /browse|directory|listings/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/listings/);
  await page.locator('a[href^="/profile/"]').first().click();
  await expect(page).toHaveURL(/\/profile\//);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect(said).toEqual([]);
});

test("every autocomplete token on the feature application forms is one its element may carry", async ({ page }) => {
  for (const path of ["/get-featured/startup", "/get-featured/partner"]) {
    await page.goto(path);
    const problems = await page.evaluate(() => {
      // Autofill field names for multi-line values: an <input> is one line, so they are not allowed on it (HTML §4.10.18.7).
      const multiline = new Set(["street-address"]);
      const found: string[] = [];
      for (const element of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>("[autocomplete]")) {
        const attribute = element.getAttribute("autocomplete") ?? "";
        const field = attribute.trim().toLowerCase().split(/\s+/).pop() ?? "";
        // The browser's own reading: a token it does not know reads back as "".
        if (attribute.trim() && element.autocomplete === "") found.push(`${element.name}: unknown token "${attribute}"`);
        if (element instanceof HTMLInputElement && multiline.has(field)) found.push(`${element.name}: "${field}" on an <input>`);
      }
      return found;
    });
    expect(problems, path).toEqual([]);
  }
});
