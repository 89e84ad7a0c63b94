/**
 * First-load JavaScript of /listings: `npm run bench:bundle -- [--skip-build] [--port 3330]`.
 *
 * Builds the app into its own BUILD_DIR, then measures it two ways:
 * - from the build: React Router's client manifest (assets/manifest-*.js) gives the entry and the modules of the
 *   root, site layout and directory routes with their static imports; each file is gzipped at the level the
 *   server's compression middleware uses;
 * - in Chromium (the honest measure): the production server serves /listings, the page loads until the network is
 *   idle, and every JavaScript response is fetched again from the same server with `Accept-Encoding: gzip` to
 *   count the bytes that really go over the wire.
 * Target: <= 150 kB gzipped (kB = 1,000 bytes, as browser dev tools count). Results: bench/results/bundle-size-*.
 * Needs no application code: plain `node bench/bundle-size.ts` runs it.
 */
import { chromium } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { DATA_DIR, dateStamp, log, machineInfo, machineMarkdown, writeResult } from "./lib/machine.ts";
import { BUILD_DIR, buildApp, onInterrupt, startServer, type RunningServer } from "./lib/server.ts";

const { values: args } = parseArgs({
  options: {
    "skip-build": { type: "boolean", default: false },
    port: { type: "string", default: "3330" },
    page: { type: "string", default: "/listings" },
    strict: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});

if (args.help) {
  console.log(`npm run bench:bundle -- [options]
  --skip-build      reuse the build in build-bench
  --port 3330       port of the production server it starts on 127.0.0.1
  --page /listings  the page whose first-load JavaScript is measured
  --strict          exit 1 when the target (150 kB gzipped) is missed`);
  process.exit(0);
}

const TARGET_BYTES = 150_000;
const ROUTE_IDS = ["root", "routes/site-layout", "directory"];
const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";

interface FileSize {
  file: string;
  rawBytes: number;
  gzipBytes: number;
}

interface ReactRouterManifest {
  entry: { module: string; imports: string[]; css: string[] };
  routes: Record<string, { id: string; module: string; imports?: string[]; css?: string[] }>;
}

/** The manifest React Router writes for the browser: `window.__reactRouterManifest={...};` */
function readManifest(clientDir: string): { manifest: ReactRouterManifest; file: string } {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`No manifest-*.js in ${assets}`);
  const source = readFileSync(path.join(assets, file), "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  return { manifest: JSON.parse(json) as ReactRouterManifest, file: `/assets/${file}` };
}

function fromBuild(clientDir: string): { files: FileSize[]; css: FileSize[]; missingRoutes: string[] } {
  const { manifest, file: manifestFile } = readManifest(clientDir);
  const js = new Set<string>([manifestFile, manifest.entry.module, ...manifest.entry.imports]);
  const css = new Set<string>(manifest.entry.css);
  const missingRoutes: string[] = [];
  for (const id of ROUTE_IDS) {
    const route = manifest.routes[id];
    if (!route) {
      missingRoutes.push(id);
      continue;
    }
    js.add(route.module);
    route.imports?.forEach((f) => js.add(f));
    route.css?.forEach((f) => css.add(f));
  }
  const size = (f: string): FileSize => {
    const body = readFileSync(path.join(clientDir, f));
    // compression's default is zlib's default level (6).
    return { file: f, rawBytes: body.length, gzipBytes: body.length ? gzipSync(body, { level: 6 }).length : 0 };
  };
  return { files: [...js].map(size), css: [...css].map(size), missingRoutes };
}

/** Bytes on the wire for a gzip-only client, and the uncompressed size. */
function wireSize(url: string): Promise<{ gzipBytes: number; rawBytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "accept-encoding": "gzip" }, timeout: 15_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        const encoding = String(res.headers["content-encoding"] ?? "identity");
        // A response the server chose not to compress (tiny files under the 1 kB threshold) goes as is.
        const raw = encoding === "gzip" ? gunzipLength(body) : body.length;
        resolve({ gzipBytes: body.length, rawBytes: raw, encoding });
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`timeout fetching ${url}`)));
    req.on("error", reject);
    req.end();
  });
}

function gunzipLength(body: Buffer): number {
  return body.length >= 4 ? body.readUInt32LE(body.length - 4) : 0;
}

interface BrowserResult {
  scripts: Array<FileSize & { encoding: string; resourceType: string }>;
  inlineScriptBytes: number;
  consoleErrors: string[];
  status: number;
}

async function inBrowser(origin: string, pagePath: string): Promise<BrowserResult> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const seen = new Map<string, string>();
    const consoleErrors: string[] = [];
    page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text().slice(0, 300)));
    page.on("pageerror", (e) => consoleErrors.push(String(e).slice(0, 300)));
    page.on("response", (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()["content-type"] ?? "";
      if (type === "script" || /javascript/.test(contentType)) seen.set(response.url(), type);
    });
    const response = await page.goto(origin + pagePath, { waitUntil: "networkidle", timeout: 60_000 });
    await page.waitForTimeout(1000);
    const inlineScriptBytes = await page.evaluate(() =>
      [...document.querySelectorAll("script:not([src])")].reduce((sum, s) => sum + (s.textContent?.length ?? 0), 0),
    );
    const scripts: BrowserResult["scripts"] = [];
    for (const [url, resourceType] of seen) {
      if (!url.startsWith(origin)) continue; // nothing outside our own server should load at all
      const wire = await wireSize(url);
      scripts.push({
        file: url.slice(origin.length),
        rawBytes: wire.rawBytes,
        gzipBytes: wire.gzipBytes,
        encoding: wire.encoding,
        resourceType,
      });
    }
    const foreign = [...seen.keys()].filter((u) => !u.startsWith(origin));
    if (foreign.length) consoleErrors.push(`scripts from other origins: ${foreign.join(", ")}`);
    return { scripts, inlineScriptBytes, consoleErrors, status: response?.status() ?? 0 };
  } finally {
    await browser.close();
  }
}

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
const sum = (files: FileSize[], key: "rawBytes" | "gzipBytes") => files.reduce((s, f) => s + f[key], 0);

let server: RunningServer | undefined;
onInterrupt(async () => {
  await server?.stop();
});

const machine = machineInfo();
const clientDir = path.join(buildApp(log, { skip: args["skip-build"] }), "client");
const build = fromBuild(clientDir);
let browserResult: BrowserResult | null = null;
let browserError: string | null = null;
try {
  // The page's JavaScript does not depend on the data: a small embedded database the server seeds itself will do.
  server = await startServer({
    port: Number(args.port),
    name: "bundle",
    pgliteDir: path.join(DATA_DIR, "pglite-600"),
    seedListings: 600,
    log,
  });
  log(`loading ${args.page} in Chromium`);
  browserResult = await inBrowser(server.origin, args.page);
} catch (error) {
  browserError = (error as Error).message;
  log(`browser measurement failed: ${browserError}`);
} finally {
  await server?.stop();
}

const buildGzip = sum(build.files, "gzipBytes");
const browserGzip = browserResult ? sum(browserResult.scripts, "gzipBytes") : null;
const measured = browserGzip ?? buildGzip;
const pass = measured <= TARGET_BYTES;
const result = {
  page: args.page,
  machine,
  buildDir: BUILD_DIR,
  targetBytes: TARGET_BYTES,
  measure: browserGzip === null ? "build manifest (browser measurement failed)" : "Chromium page load, gzip bytes on the wire",
  firstLoadJsGzipBytes: measured,
  pass,
  browser: browserResult && { ...browserResult, totalGzipBytes: browserGzip, totalRawBytes: sum(browserResult.scripts, "rawBytes") },
  browserError,
  build: {
    routes: ROUTE_IDS,
    ...build,
    totalGzipBytes: buildGzip,
    totalRawBytes: sum(build.files, "rawBytes"),
    cssGzipBytes: sum(build.css, "gzipBytes"),
  },
};
writeResult(`bundle-size-${dateStamp()}.json`, result);

const md: string[] = [
  `# First-load JavaScript of ${args.page}`,
  "",
  `Generated by \`npm run bench:bundle\` (bench/bundle-size.ts). ${machineMarkdown(machine)}`,
  "",
  `| measure | gzip | uncompressed | files | target | result |`,
  `|---|---|---|---|---|---|`,
  browserResult
    ? `| Chromium load, bytes on the wire (the measure) | ${kB(browserGzip ?? 0)} | ${kB(sum(browserResult.scripts, "rawBytes"))} | ${browserResult.scripts.length} | <= ${kB(TARGET_BYTES)} | ${browserGzip !== null && browserGzip <= TARGET_BYTES ? "PASS" : "FAIL"} |`
    : `| Chromium load | failed: ${browserError} | | | | |`,
  `| build manifest: entry + ${ROUTE_IDS.join(" + ")} and their imports | ${kB(buildGzip)} | ${kB(sum(build.files, "rawBytes"))} | ${build.files.length} | <= ${kB(TARGET_BYTES)} | ${buildGzip <= TARGET_BYTES ? "PASS" : "FAIL"} |`,
  "",
  `kB = 1,000 bytes. gzip at the level the server's compression middleware uses; browsers that accept Brotli get somewhat less. ` +
    `Stylesheets (not counted above): ${kB(result.build.cssGzipBytes)} gzipped. ` +
    (browserResult
      ? `Inline scripts in the HTML (route data and hydration context, not counted above): ${kB(browserResult.inlineScriptBytes)} uncompressed.`
      : ""),
  "",
  `## Files (Chromium load)`,
  "",
  `| file | gzip | uncompressed |`,
  `|---|---|---|`,
  ...(browserResult?.scripts ?? [])
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((f) => `| \`${f.file}\` | ${kB(f.gzipBytes)} | ${kB(f.rawBytes)} |`),
  "",
  ...(build.missingRoutes.length ? [`Routes not found in the manifest: ${build.missingRoutes.join(", ")}.`, ""] : []),
  ...(browserResult?.consoleErrors.length
    ? [`Console errors during the load:`, "", ...browserResult.consoleErrors.map((e) => `- ${e}`), ""]
    : []),
];
writeResult("bundle-size-latest.md", md.join("\n"));
console.log(`\nFirst-load JS of ${args.page}: ${kB(measured)} gzipped (${result.measure}); build manifest: ${kB(buildGzip)}`);
console.log(`  [${pass ? "PASS" : "FAIL"}] first-load JavaScript <= ${kB(TARGET_BYTES)} gzipped`);
process.exitCode = browserError || (args.strict && !pass) ? 1 : 0;
