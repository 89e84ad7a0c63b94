import type { APIRequestContext } from "@playwright/test";
import { signInAs } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";

/** A public startup's profile path and name, from the API (anonymous, so nothing is counted). */
async function publicStartups(request: APIRequestContext) {
  const response = await request.get("/api/listings?type=startups&pageSize=100", { headers: { cookie: "" } });
  const { data } = (await response.json()) as {
    data: Array<{ id: string; locked: boolean; type: string; slug: string; name: string; listingVisibility: string }>;
  };
  return data
    .filter((item) => !item.locked && item.listingVisibility === "public")
    .map((item) => ({ id: item.id, path: `/profile/${item.type}/${item.slug}`, name: item.name }));
}

test("a premium member follows from a profile (with and without JavaScript), sees it in settings and /following, and unfollows", async ({
  page,
  browser,
}) => {
  const [first, second] = await publicStartups(page.request);
  await signInAs(page, "Priya Premium", { returnTo: first!.path });
  // From a clean slate, should a first attempt of this journey have followed them already (a retry).
  const origin = new URL(page.url()).origin;
  for (const { id } of [first!, second!]) await page.request.delete(`/api/follows/${id}`, { headers: { Origin: origin } });
  await page.reload();

  const follow = page.getByRole("button", { name: "Follow", exact: true });
  // The button turns at once; the reload waits for the server's answer, which the reload would otherwise cut off.
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/follows") && r.request().method() === "POST");
  await follow.click();
  const followingButton = page.getByRole("button", { name: "Following" });
  await expect(followingButton).toHaveAttribute("aria-pressed", "true");
  expect((await answered).status()).toBe(201);
  await page.reload();
  await expect(followingButton).toHaveAttribute("aria-pressed", "true");

  // The same button without JavaScript: a plain form post that comes back to the profile.
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const noScript = await plain.newPage();
  await noScript.goto(second!.path);
  await noScript.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(noScript).toHaveURL((url) => url.pathname === second!.path);
  await expect(noScript.getByRole("button", { name: "Following" })).toHaveAttribute("aria-pressed", "true");
  // Follow e-mails off and on again, a plain form as well, back on /following with the new state.
  await noScript.goto("/following");
  await noScript.getByRole("button", { name: "Turn off" }).click();
  await expect(noScript).toHaveURL((url) => url.pathname === "/following");
  await expect(noScript.getByText("E-mail me what changes on listings I follow: off")).toBeVisible();
  await noScript.getByRole("button", { name: "Turn on" }).click();
  await expect(noScript.getByText("E-mail me what changes on listings I follow: on")).toBeVisible();
  await plain.close();

  await page.goto("/settings");
  const section = page.getByRole("heading", { name: "Following" }).locator("..");
  await expect(section.getByText("You follow 2 listings of the 500 your plan allows.", { exact: false })).toBeVisible();
  await section.getByRole("link", { name: "Manage followed listings" }).click();

  const list = page.getByRole("list", { name: "Followed listings" });
  await expect(list.getByRole("link", { name: first!.name })).toBeVisible();
  await list.getByRole("button", { name: `Unfollow ${second!.name}` }).click();
  await expect(list.getByRole("link", { name: second!.name })).toHaveCount(0);
  await expect(page.getByText("You follow 1 listing of the 500")).toBeVisible();
});
