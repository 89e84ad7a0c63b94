/**
 * Valid HTML on every page the browser suite visits (issue 29): after the journeys, the Nu HTML checker (vnu-jar, on
 * Debian's Java runtime) reads each distinct page our servers sent, as they sent it (support/served-pages.ts), and
 * any error fails the run with the page's address, the line and the checker's words. Axe checks accessibility in the
 * journeys themselves (accessibility.spec.ts).
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "./support/test.ts";
import { SERVED_PAGES_INDEX } from "./support/served-pages.ts";

const run = promisify(execFile);
const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
const JAVA = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin", "java") : "java";

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test("every page the servers sent is valid HTML", async ({}, testInfo) => {
  test.setTimeout(300_000);
  const dir = process.env.E2E_HTML_DIR!;
  const index = await readFile(path.join(dir, SERVED_PAGES_INDEX), "utf8").catch(() => "");
  const pages = new Map<string, string>();
  for (const line of index.split("\n").filter(Boolean)) {
    const { file, url } = JSON.parse(line) as { file: string; url: string };
    pages.set(file, url);
  }
  // Nothing kept means the journeys did not run in this process tree: the check would pass by reading nothing.
  expect(pages.size, "pages kept by the journeys (run the whole suite, or name a journey beside this file)").toBeGreaterThan(0);

  let stdout: string;
  try {
    const files = [...pages.keys()].map((file) => path.join(dir, file));
    ({ stdout } = await run(JAVA, ["-jar", VNU_JAR, "--errors-only", "--format", "json", "--stdout", "--exit-zero-always", ...files], {
      maxBuffer: 64 * 1024 * 1024,
    }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error(`The Nu HTML checker needs a Java runtime: install Debian's default-jre-headless (or set JAVA_HOME).`);
    }
    throw error;
  }
  const messages = (JSON.parse(stdout) as { messages: VnuMessage[] }).messages.filter((m) => m.type !== "info");
  const found = messages.map((m) => {
    const file = path.basename(m.url ?? "");
    return `${pages.get(file) ?? file}${m.lastLine ? ` line ${m.lastLine}` : ""}: ${m.message}${m.extract ? `\n      ${m.extract.trim().slice(0, 200)}` : ""}`;
  });
  await testInfo.attach("nu-html-checker.json", { body: stdout, contentType: "application/json" });
  console.log(`Nu HTML checker: ${pages.size} distinct pages, ${found.length} error(s)`);
  expect(found, `${found.length} HTML error(s) in ${pages.size} pages`).toEqual([]);
});
