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
  /** Matched against the message as it would print. */
  pattern: RegExp;
  /** Only in test files whose path ends with one of these; everywhere when absent. */
  files?: readonly string[];
  /** Why the message is expected and harmless: required. */
  reason: string;
}

export const ALLOWED_CONSOLE_MESSAGES: readonly AllowedConsoleMessage[] = [];

/** True when an entry of the list allows `text`, seen in `suite` while running the test file `file`. */
export function isAllowedConsoleMessage(suite: AllowedConsoleMessage["suite"], text: string, file = ""): boolean {
  const path = file.replaceAll("\\", "/");
  return ALLOWED_CONSOLE_MESSAGES.some(
    (entry) => entry.suite === suite && entry.pattern.test(text) && (!entry.files || entry.files.some((f) => path.endsWith(f))),
  );
}
