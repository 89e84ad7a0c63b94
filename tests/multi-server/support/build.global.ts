/**
 * Vitest global setup of `npm run test:multi-server`: one production build for every server the run starts, into
 * BUILD_DIR (default build-multi/, ignored by git), unless MULTI_SERVER_PREBUILT=1 says the build there is current
 * (.ci/run reuses the browser suite's build-e2e/).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { BUILD_DIR, ROOT } from "./app-server.ts";

export default function setup(): void {
  if (process.env.MULTI_SERVER_PREBUILT === "1") {
    if (!existsSync(path.join(BUILD_DIR, "server/index.js")))
      throw new Error(`MULTI_SERVER_PREBUILT=1 but there is no build in ${BUILD_DIR}: unset it, or build with BUILD_DIR set`);
    return;
  }
  const build = spawnSync("npx", ["react-router", "build"], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR, NODE_ENV: "production" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (build.status !== 0) throw new Error(`the production build failed:\n${build.stdout}\n${build.stderr}`);
}
