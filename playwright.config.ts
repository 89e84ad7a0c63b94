import { defineConfig, devices } from "@playwright/test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Browser journeys against the production build, on Debian's Chromium (never `npx playwright install`: the
 * machines reach no browser download). Two app servers run the same build, each on a fresh embedded database
 * seeded with the 600 demo listings, so runs never touch ./build or ./data: the visitors' server, and the
 * operators' server for the journeys that change the directory itself (approving, editing, archiving, merging
 * listings), so a directory count read by a visitor journey never sees a listing come or go mid-test. One run
 * starts both and keeps both workers busy (decision 0055).
 */
const PORT = Number(process.env.E2E_PORT || 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The local SMTP server the app sends to, and where the tests read the mail (tests/e2e/support/mail.ts). */
const SMTP_PORT = PORT + 1;
const MAIL_HTTP_PORT = PORT + 2;
/** The local fake of the lead-data provider the imports and the debugger call (tests/fakes/lead-provider.ts). */
const PROVIDER_PORT = PORT + 3;
const PROVIDER_KEY = "lot_demo_key_0123456789";
/** The operators' app server. */
const OPERATOR_PORT = PORT + 4;
/** The local fake of the AI provider (tests/fakes/ai-provider.ts): "Generate with AI" and "AI summary" (decision 0065). */
const AI_PORT = PORT + 5;
const AI_KEY = "sk-local-fake-introbase-0123456789";
/**
 * The local fake of Stripe (tests/fakes/payment-provider.ts). The operators' server takes payments through it
 * (BILLING_MODE=stripe, decision 0079) for the billing journey; the visitors' server keeps demo billing, so both modes
 * are seen in the browser.
 */
const PAYMENTS_PORT = PORT + 6;
const PAYMENTS_URL = `http://127.0.0.1:${PAYMENTS_PORT}`;
const STRIPE_KEY = "sk_test_local_fake_introbase_0123456789";
const STRIPE_WEBHOOK_SECRET = "whsec_local_fake_introbase_0123456789";
const OPERATOR_URL = `http://127.0.0.1:${OPERATOR_PORT}`;
/** Whose pages the HTML check reads (tests/e2e/support/served-pages.ts): the two app servers, not the fakes. */
process.env.E2E_APP_ORIGINS = [BASE_URL, OPERATOR_URL].join(",");

// Playwright loads this file again in every worker: make the data directory once, in the runner, hand it
// down through the environment the workers inherit, and remove it when the runner exits (after the web
// server has been stopped).
if (!process.env.E2E_PGLITE_DIR) {
  const dataRoot = mkdtempSync(path.join(tmpdir(), "introbase-e2e-"));
  process.env.E2E_PGLITE_DIR = path.join(dataRoot, "pglite");
  process.env.E2E_OPERATOR_PGLITE_DIR = path.join(dataRoot, "pglite-operators");
  // Every HTML page the servers send during the run, checked by the Nu HTML checker at the end (html-validity.check.ts).
  // Set it yourself to keep the pages after the run (then run the checker on that folder as html-validity.check.ts does).
  process.env.E2E_HTML_DIR ||= path.join(dataRoot, "served-pages");
  process.on("exit", () => rmSync(dataRoot, { recursive: true, force: true }));
}

// `--headed` reaches the runner only: hand it to the workers, which choose the browser, through the environment.
if (process.argv.includes("--headed") || process.argv.includes("--debug") || process.argv.includes("--ui")) process.env.E2E_HEADED = "1";

/**
 * Debian's Chromium, never a downloaded one: its headless shell (package chromium-headless-shell) when it is there
 * and no window is wanted. The shell is the same engine without the desktop browser around it; the suite took 25%
 * less time on it (decision 0055). The full browser otherwise, and for `--headed`.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM_PATH = !process.env.E2E_HEADED && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium";
const CHROMIUM = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

const OPERATOR_SPECS = [/admin-[\w-]+\.spec\.ts$/, /get-featured\.spec\.ts$/, /billing\.spec\.ts$/];

/**
 * One production app server on its own embedded database. Playwright starts the web servers one after another,
 * so the second finds the build the first made.
 */
function appServer({ port, pgliteDir, build, payments = false }: { port: number; pgliteDir: string; build: boolean; payments?: boolean }) {
  const url = `http://127.0.0.1:${port}`;
  return {
    // E2E_PREBUILT=1: the build in BUILD_DIR is current (.ci/run builds once before the suite).
    command: build ? "npm run build --silent && node server/index.ts" : "node server/index.ts",
    // Ready, not merely alive: the server listens while it migrates and builds the directory index (decision 0052).
    url: `${url}/readyz`,
    // A server already on this port is someone else's, or a stale build: never test against it.
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 },
    env: {
      // One build folder per port, so runs on different ports (E2E_PORT) never overwrite each other.
      BUILD_DIR: PORT === 3210 ? "build-e2e" : `build-e2e-${PORT}`,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      // Sign-in cookies and OAuth redirects are bound to one host: the one the browser uses.
      PUBLIC_URL: url,
      // Every journey signs in from 127.0.0.1: the production limit (20 a minute) would throttle the suite.
      SIGN_IN_ATTEMPTS_PER_MINUTE: "1000",
      PGLITE_DIR: pgliteDir,
      SEED_LISTINGS: "600",
      // The browser tests always use the embedded database, whatever the shell has set.
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      // Real mail over SMTP to the local catcher, read back by the tests.
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // Real HTTP to the local fake provider for imports.
      PROVIDER_API_URL: `http://127.0.0.1:${PROVIDER_PORT}`,
      PROVIDER_API_KEY: PROVIDER_KEY,
      // Real HTTP to the local fake AI provider for the AI features.
      AI_API_URL: `http://127.0.0.1:${AI_PORT}/v1`,
      AI_API_KEY: AI_KEY,
      AI_MODEL: "introbase-fake-1",
      // The server fetches only public addresses (DESIGN D16): the local fakes are allowed by name, nothing else.
      OUTBOUND_ALLOWED_PRIVATE_ORIGINS: `http://127.0.0.1:${PROVIDER_PORT},http://127.0.0.1:${AI_PORT},${PAYMENTS_URL}`,
      ...(payments
        ? { BILLING_MODE: "stripe", STRIPE_SECRET_KEY: STRIPE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: PAYMENTS_URL }
        : { BILLING_MODE: "demo" }),
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // A failing journey runs once more, recording a trace of that second run (`trace` below) for the report; a journey
  // that passes only the second time still fails the run (failOnFlakyTests), so a retry never hides a flaky test.
  retries: 1,
  failOnFlakyTests: true,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? "list" : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: BASE_URL,
    // The site honours "reduce motion" (app.css): dialogs and menus appear at once instead of after an animation
    // that Playwright would wait out before every click. What the journeys check does not move.
    reducedMotion: "reduce",
    // One browser context per worker, reset between tests (cookies, storage, permissions; Playwright's own reuse
    // mode): a test starts signed out on a clean slate as before, but the site's scripts come from the context's
    // cache instead of being fetched and compiled again for every test.
    reuseContext: true,
    // Recording a trace of every journey (to keep only the failed ones') took 40% of the suite's time: Chromium
    // screenshots every step. The trace is recorded on the retry of a failed journey instead (decision 0055).
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    // Journeys that change the directory itself run one at a time, on the operators' server, beside the others. First
    // in this list, so the runner hands them out from the start (listed after the visitors, they all ran at the end).
    { name: "chromium-operator", testMatch: OPERATOR_SPECS, workers: 1, use: { ...CHROMIUM, baseURL: OPERATOR_URL } },
    { name: "chromium", testIgnore: OPERATOR_SPECS, use: CHROMIUM },
    // The security regression suite's HTTP-level attacks (tests/security/README.md), run with the visitor journeys.
    { name: "security", testDir: "tests/security", testMatch: /\.spec\.ts$/, use: CHROMIUM },
    // Once every journey has run: the Nu HTML checker reads every page the servers sent (issue 29). A run of chosen
    // files leaves it out; naming it runs the whole suite first (its dependencies always run in full).
    {
      name: "html",
      testMatch: /html-validity\.check\.ts$/,
      dependencies: ["chromium-operator", "chromium", "security"],
      use: CHROMIUM,
    },
  ],
  webServer: [
    {
      command: "node tests/fakes/mail-catcher.ts",
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { SMTP_PORT: String(SMTP_PORT), HTTP_PORT: String(MAIL_HTTP_PORT) },
    },
    {
      command: "node tests/fakes/lead-provider.ts",
      url: `http://127.0.0.1:${PROVIDER_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { PORT: String(PROVIDER_PORT), PROVIDER_API_KEY: PROVIDER_KEY },
    },
    {
      command: "node tests/fakes/ai-provider.ts",
      url: `http://127.0.0.1:${AI_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { PORT: String(AI_PORT), AI_API_KEY: AI_KEY },
    },
    {
      command: "node tests/fakes/payment-provider.ts",
      url: `${PAYMENTS_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PAYMENTS_PORT),
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET,
        STRIPE_FAKE_WEBHOOK_URLS: `${OPERATOR_URL}/api/billing/webhook`,
      },
    },
    appServer({ port: PORT, pgliteDir: process.env.E2E_PGLITE_DIR!, build: !process.env.E2E_PREBUILT }),
    // Built by the server above (a build of its own would race it for the folder): it waits for that build.
    appServer({ port: OPERATOR_PORT, pgliteDir: process.env.E2E_OPERATOR_PGLITE_DIR!, build: false, payments: true }),
  ],
});
