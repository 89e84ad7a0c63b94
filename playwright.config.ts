import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Browser journeys against the production build, on Debian's Chromium (never `npx playwright install`: the
 * machines reach no browser download). The web server builds into its own BUILD_DIR and opens a fresh
 * embedded database, which seeds the 600 demo listings on start, so runs never touch ./build or ./data.
 */
const PORT = Number(process.env.E2E_PORT || 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The local SMTP server the app sends to, and where the tests read the mail (tests/e2e/support/mail.ts). */
const SMTP_PORT = PORT + 1;
const MAIL_HTTP_PORT = PORT + 2;
/** The local fake of the lead-data provider the imports and the debugger call (tests/fakes/lead-provider.ts). */
const PROVIDER_PORT = PORT + 3;
const PROVIDER_KEY = "lot_demo_key_0123456789";

// Playwright loads this file again in every worker: make the data directory once, in the runner, hand it
// down through the environment the workers inherit, and remove it when the runner exits (after the web
// server has been stopped).
if (!process.env.E2E_PGLITE_DIR) {
  const dataRoot = mkdtempSync(path.join(tmpdir(), "introbase-e2e-"));
  process.env.E2E_PGLITE_DIR = path.join(dataRoot, "pglite");
  process.on("exit", () => rmSync(dataRoot, { recursive: true, force: true }));
}

/** Debian's Chromium, never a downloaded one. */
const CHROMIUM = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: "/usr/bin/chromium",
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

const OPERATOR_SPECS = [/admin-[\w-]+\.spec\.ts$/, /get-featured\.spec\.ts$/];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? "list" : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "chromium", testIgnore: OPERATOR_SPECS, use: CHROMIUM },
    // Journeys that change the directory itself (approving, editing, archiving, merging listings) run one at a time
    // and, in `npm run test:e2e`, after the others (a second run on a fresh database), so a directory count read
    // elsewhere never sees a listing come or go mid-test.
    { name: "chromium-operator", testMatch: OPERATOR_SPECS, workers: 1, use: CHROMIUM },
    // The security regression suite's HTTP-level attacks (tests/security/README.md), run with the visitor journeys.
    { name: "security", testDir: "tests/security", testMatch: /\.spec\.ts$/, use: CHROMIUM },
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
      // E2E_PREBUILT=1: the build in BUILD_DIR is current (.ci/run builds once for both of its runs).
      command: process.env.E2E_PREBUILT ? "node server/index.ts" : "npm run build --silent && node server/index.ts",
      // Ready, not merely alive: the server listens while it migrates and builds the directory index (decision 0052).
      url: `${BASE_URL}/readyz`,
      // A server already on this port is someone else's, or a stale build: never test against it.
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      env: {
        // One build folder per port, so runs on different ports (E2E_PORT) never overwrite each other.
        BUILD_DIR: PORT === 3210 ? "build-e2e" : `build-e2e-${PORT}`,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(PORT),
        // Sign-in cookies and OAuth redirects are bound to one host: the one the browser uses.
        PUBLIC_URL: BASE_URL,
        // Every journey signs in from 127.0.0.1: the production limit (20 a minute) would throttle the suite.
        SIGN_IN_ATTEMPTS_PER_MINUTE: "1000",
        PGLITE_DIR: process.env.E2E_PGLITE_DIR,
        SEED_LISTINGS: "600",
        // The browser tests always use the embedded database, whatever the shell has set.
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
        // Real mail over SMTP to the local catcher, read back by the tests.
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // Real HTTP to the local fake provider for imports.
        PROVIDER_API_URL: `http://127.0.0.1:${PROVIDER_PORT}`,
        PROVIDER_API_KEY: PROVIDER_KEY,
        // The server fetches only public addresses (DESIGN D16): the local fake is allowed by name, nothing else.
        OUTBOUND_ALLOWED_PRIVATE_ORIGINS: `http://127.0.0.1:${PROVIDER_PORT}`,
      },
    },
  ],
});
