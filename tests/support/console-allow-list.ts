/**
 * Console messages a test may produce without failing (issue 20 §3, decision 0047). Every other console.error or
 * console.warn in a Vitest test, and every console error or uncaught page error in a browser journey, fails the
 * test that caused it. An entry is the exception, not the way out: fix the code that complains when you can; a test
 * that provokes an error on purpose silences it itself (vi.spyOn(console, "error").mockImplementation(...) in
 * Vitest, `allowConsoleErrors(...)` in Playwright), where the reader sees why.
 */
export interface AllowedConsoleMessage {
  /** Where the message is seen: a Vitest worker, or a page in a browser journey. */
  suite: "vitest" | "browser";
  /** Matched against the message as it would print; a browser message is followed by its url in brackets. */
  pattern: RegExp;
  /** Only in test files whose path ends with one of these; everywhere when absent. */
  files?: readonly string[];
  /** Why the message is expected and harmless: required. */
  reason: string;
}

/** Chromium's words for a request answered with an error status, then the request's url in brackets. */
const failedLoad = (statuses: string, url: string) =>
  new RegExp(`^Failed to load resource: the server responded with a status of (${statuses}) \\(.*\\) \\(${url}\\)$`);

const ALLOWED_CONSOLE_MESSAGES: readonly AllowedConsoleMessage[] = [
  {
    suite: "browser",
    pattern: failedLoad("400|409", String.raw`https?://[^/]+/[^ ?]*\.data(\?[^ ]*)?`),
    reason:
      "A form's action refused what was typed (400) or what it would break (409), and the form shows why beside its " +
      "field: that is the answer, not a failure. React Router submits with a fetch of `<route>.data`, and Chromium " +
      "logs every fetch answered 4xx. Any other status of an action is still an error.",
  },
  {
    suite: "browser",
    pattern: failedLoad("400", String.raw`https?://[^/]+/api/intro-requests(/sign-up)?`),
    reason:
      "The intro dialog's JSON API answers bad input with 400 and a message (DESIGN D12) that the dialog shows beside " +
      "the field; Chromium logs the 4xx fetch.",
  },
  {
    suite: "browser",
    pattern: failedLoad("401|403|429", String.raw`https?://[^/]+/(sign-in\.data(\?[^ ]*)?|api/intro-requests/sign-in)`),
    reason:
      "A password sign-in refused (decision 0076: a wrong password 401, an unconfirmed address 403, too many tries 429) " +
      "is the answer the form shows beside its field; Chromium logs the 4xx fetch.",
  },
  {
    suite: "browser",
    pattern: failedLoad("401", String.raw`https?://[^/]+/api/auth/me`),
    reason:
      "Spec 01 §7: /api/auth/me answers a non-OK status when signed out, and the header's session check asks it on " +
      "focus and when another tab signs in or out; a signed-out answer is the expected one there.",
  },
  {
    suite: "browser",
    pattern: failedLoad("502|503", String.raw`https?://[^/]+/api/debug/validate-industries-fields`),
    files: ["tests/e2e/admin-industries.spec.ts"],
    reason: "The test answers the validation request with 503 and 502 itself (page.route) to see the failure alert.",
  },
  {
    suite: "browser",
    pattern: failedLoad("503", String.raw`https?://[^/]+/listings\.data(\?[^ ]*)?`),
    files: ["tests/e2e/plain-words.spec.ts"],
    reason:
      "The test makes the AI fake fail on purpose (decision 0087): the directory's action answers 503 and the form shows " +
      "the AI's failure beside the sentence; Chromium logs the fetch.",
  },
];

/** True when an entry of the list allows `text`, seen in `suite` while running the test file `file`. */
export function isAllowedConsoleMessage(suite: AllowedConsoleMessage["suite"], text: string, file = ""): boolean {
  const path = file.replaceAll("\\", "/");
  return ALLOWED_CONSOLE_MESSAGES.some(
    (entry) => entry.suite === suite && entry.pattern.test(text) && (!entry.files || entry.files.some((f) => path.endsWith(f))),
  );
}
