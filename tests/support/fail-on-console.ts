/**
 * Vitest setup file (both configs): a test that makes code call console.error or console.warn fails, unless the
 * message is on tests/support/console-allow-list.ts or the test silences the console itself
 * (`vi.spyOn(console, "error").mockImplementation(...)`, then the test owns the message). The message still prints,
 * so the failure shows what was said. Messages outside a test (a beforeAll, a stray promise after the last test)
 * fail the file's afterAll.
 */
import { format } from "node:util";
import { afterAll, afterEach, expect } from "vitest";
import { isAllowedConsoleMessage } from "./console-allow-list.ts";

type Level = "error" | "warn";
interface ConsoleGuard {
  unexpected: string[];
}

// Unit tests share a worker between files (isolate: false, decision 0042) and this file runs once per test file: the
// console is wrapped once per worker, and the messages are kept where every file's hooks find them.
const KEY = Symbol.for("introbase.fail-on-console");
const scope = globalThis as typeof globalThis & { [KEY]?: ConsoleGuard };
const guard = (scope[KEY] ??= install());

function install(): ConsoleGuard {
  const state: ConsoleGuard = { unexpected: [] };
  for (const level of ["error", "warn"] as const satisfies readonly Level[]) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      original(...args);
      const text = format(...args);
      if (!isAllowedConsoleMessage("vitest", text, expect.getState().testPath)) state.unexpected.push(`console.${level}: ${text}`);
    };
  }
  return state;
}

function failOnUnexpected(when: string) {
  const messages = guard.unexpected.splice(0);
  if (messages.length === 0) return;
  throw new Error(
    `${when} called the console unexpectedly (${messages.length}×). Fix the cause, silence it in the test that provokes ` +
      `it, or add it with a reason to tests/support/console-allow-list.ts:\n${messages.map((m) => `  ${m.slice(0, 2000)}`).join("\n")}`,
  );
}

afterEach(() => failOnUnexpected("This test (or a hook before it)"));
afterAll(() => failOnUnexpected("This file (outside its tests)"));
