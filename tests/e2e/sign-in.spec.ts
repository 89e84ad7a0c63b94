import { expect, test } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";

test.describe("sign-in through the local OpenID provider", () => {
  test("Google: the authorize request carries PKCE (S256) and a nonce, and the user lands signed in", async ({ page }) => {
    const authorize = page.waitForRequest((request) => request.url().includes("/dev/oidc/google/choose-account"));
    await signInAs(page, "Sam Subscriber");
    const url = new URL((await authorize).url());
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("scope")).toBe("openid profile email");

    const me = await page.request.get("/api/auth/me");
    expect(me.status()).toBe(200);
    expect((await me.json()).user).toMatchObject({ name: "Sam Subscriber", tier: "subscriber", provider: "google" });
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === "ib.session_token");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  });

  test("LinkedIn: signs in, and signing out ends the session on the server", async ({ page, browser }) => {
    await signInAs(page, "Priya Premium", { provider: "LinkedIn" });
    expect((await (await page.request.get("/api/auth/me")).json()).user).toMatchObject({ tier: "premium", provider: "linkedin" });
    const stolen = (await page.context().cookies()).filter((c) => c.name.startsWith("ib."));

    const signOut = await page.request.post("/api/auth/signout", { headers: { origin: new URL(page.url()).origin } });
    expect(signOut.status()).toBe(200);
    expect((await page.request.get("/api/auth/me")).status()).toBe(401);

    // The old cookie, replayed from another browser, is worthless: the session row is gone.
    const other = await browser.newContext();
    await other.addCookies(stolen);
    expect((await other.request.get("/api/auth/me")).status()).toBe(401);
    await other.close();
  });

  test("a tampered state is refused and the sign-in page says so", async ({ page }) => {
    await page.goto("/sign-in?returnTo=/listings");
    await page.getByRole("link", { name: "Continue with Google" }).click();
    const link = page.getByRole("link", { name: /Pat Public/ });
    const href = new URL((await link.getAttribute("href"))!, page.url());
    href.searchParams.set("state", "tampered-state-value");
    await page.goto(href.toString());
    await expect(page).toHaveURL(/\/sign-in\?.*error=state_mismatch/);
    await expect(page.getByRole("alert")).toContainText("Failed to sign in. Please try again.");
    expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  });

  test("a forged session cookie is refused", async ({ context, baseURL }) => {
    await context.addCookies([{ name: "ib.session_token", value: "forged.c2lnbmF0dXJl", url: baseURL! }]);
    expect((await context.request.get("/api/auth/me")).status()).toBe(401);
  });

  test("the provider's token endpoint refuses a wrong PKCE verifier and a wrong client secret", async ({ page, request }) => {
    await page.goto("/sign-in?returnTo=/");
    await page.getByRole("link", { name: "Continue with Google" }).click();
    const chooser = new URL(page.url());
    const authorize = new URL((await page.getByRole("link", { name: /Pat Public/ }).getAttribute("href"))!, chooser);
    const redirect = await request.get(authorize.toString(), { maxRedirects: 0 });
    const code = new URL(redirect.headers().location!).searchParams.get("code")!;
    // The client's own credentials (lib/identity-providers.server.ts): only the verifier is wrong.
    const form = {
      grant_type: "authorization_code",
      code,
      redirect_uri: chooser.searchParams.get("redirect_uri")!,
      client_id: "introbase-local-google",
      client_secret: "local-demo-secret",
      code_verifier: "a-wrong-verifier-that-does-not-match-the-challenge-at-all",
    };
    const token = await request.post("/dev/oidc/google/token", { form });
    expect(token.status()).toBe(400);
    expect(await token.json()).toMatchObject({ error: "invalid_grant" });
    const anotherClient = await request.post("/dev/oidc/google/token", { form: { ...form, client_secret: "guessed" } });
    expect(anotherClient.status()).toBe(401);
    expect(await anotherClient.json()).toMatchObject({ error: "invalid_client" });
  });

  test("a sign-in request for another site's address gets the provider's error page, not a redirect there", async ({ page }) => {
    await page.goto("/sign-in?returnTo=/listings");
    await page.getByRole("link", { name: "Continue with Google" }).click();
    const chooser = new URL(page.url());
    chooser.searchParams.set("redirect_uri", "https://evil.example/api/auth/callback/google");
    const answer = await page.goto(chooser.toString());
    expect(answer?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "This sign-in request was refused" })).toBeVisible();
    await expect(page.getByText("redirect_uri_mismatch")).toBeVisible();
    expect(new URL(page.url()).origin).toBe(chooser.origin);
    expect(await page.locator("a[href*='evil.example']").count()).toBe(0);
  });

  test("state-changing requests from another origin are refused", async ({ page }) => {
    await signInAs(page, "Sam Subscriber");
    const response = await page.request.post("/api/auth/signout", { headers: { origin: "https://evil.example" } });
    expect(response.status()).toBe(403);
    expect((await page.request.get("/api/auth/me")).status()).toBe(200);
  });
});

test.describe("header states", () => {
  test("signed out: Sign In opens the dialog; the chosen provider shows its progress", async ({ page }) => {
    await page.goto("/listings");
    await page.getByRole("link", { name: "Sign In" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in to Introbase" });
    await expect(dialog.getByText("By signing in, you agree to our Terms of Service and")).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Continue with Google" })).toBeVisible();
    await dialog.getByRole("link", { name: "Continue with LinkedIn" }).click();
    await expect(page).toHaveURL(/\/dev\/oidc\/linkedin\/choose-account/);
  });

  test("signed in: name and menu with Settings and Sign Out; signing out in one tab signs out the other", async ({ page, context }) => {
    await signInAs(page, "Priya Premium");
    await expect(page.getByRole("button", { name: /Priya Premium/ })).toBeVisible();
    const other = await context.newPage();
    await other.goto("/listings");
    await expect(other.getByRole("button", { name: /Priya Premium/ })).toBeVisible();

    await page.getByRole("button", { name: /Account menu/ }).click();
    await expect(page.getByRole("link", { name: "Settings" })).toBeVisible();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByRole("button", { name: "Apply" })).toBeVisible();

    // The other tab hears of it on the broadcast channel and rechecks: its header turns to Sign In.
    await expect(other.getByRole("link", { name: "Sign In" })).toBeVisible();
    await other.close();
  });
});

test("security headers, and personalised pages are never stored", async ({ page, request }) => {
  const anonymous = await request.get("/listings");
  const headers = anonymous.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'self'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBeTruthy();

  await signInAs(page, "Sam Subscriber");
  for (const path of ["/listings", "/api/listings", "/api/auth/me"]) {
    const response = await page.request.get(path);
    expect({ path, cacheControl: response.headers()["cache-control"] }).toEqual({ path, cacheControl: "no-store" });
  }
});
