import { expect, test } from "./support/test.ts";

/** The pipeline end to end: the production build serves pages, its health check and a real 404. */
test.describe("smoke", () => {
  test("the home page renders and hydrates without errors", async ({ page }) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-type"]).toContain("text/html");
    await expect(page.getByText("Connect with the Right Partners").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });

  test("the health check answers ok", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("an unknown path is a 404 page", async ({ page, request }) => {
    const response = await request.get("/no-such-page-7f3a");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("text/html");
    const visit = await page.goto("/no/such/page/either");
    expect(visit?.status()).toBe(404);
  });
});
