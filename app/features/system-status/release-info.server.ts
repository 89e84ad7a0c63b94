/**
 * Which release this process runs (decision 0107): package.json's version, bundled into the build, and the commit.
 * The commit comes from GIT_COMMIT (set it in the image or the deploy: `GIT_COMMIT=$(git rev-parse HEAD)`), or, for
 * a server run from a git checkout, from .git itself; else it is unknown and the status page says so.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import packageJson from "../../../package.json";

export interface ReleaseInfo {
  version: string;
  commit: string | null;
}

const HASH = /^[0-9a-f]{40}$/i;

/** The commit HEAD names in the checkout at `root`: follows a worktree's `gitdir:` file, a symbolic ref and packed refs. */
export function commitInCheckout(root: string): string | null {
  try {
    let gitDir = path.join(root, ".git");
    if (!existsSync(gitDir)) return null;
    if (statSync(gitDir).isFile()) {
      const pointer = /^gitdir:\s*(.+)$/m.exec(readFileSync(gitDir, "utf8"));
      if (!pointer) return null;
      gitDir = path.resolve(root, pointer[1]!.trim());
    }
    const head = readFileSync(path.join(gitDir, "HEAD"), "utf8").trim();
    if (HASH.test(head)) return head.toLowerCase();
    const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
    if (!ref) return null;
    // A worktree keeps its HEAD but shares the refs of the main repository (named in its commondir file).
    const commonFile = path.join(gitDir, "commondir");
    const common = existsSync(commonFile) ? path.resolve(gitDir, readFileSync(commonFile, "utf8").trim()) : gitDir;
    for (const dir of [gitDir, common]) {
      const loose = path.join(dir, ref);
      if (existsSync(loose)) {
        const hash = readFileSync(loose, "utf8").trim();
        if (HASH.test(hash)) return hash.toLowerCase();
      }
    }
    const packed = path.join(common, "packed-refs");
    if (!existsSync(packed)) return null;
    for (const line of readFileSync(packed, "utf8").split("\n")) {
      const [hash, name] = line.trim().split(" ");
      if (name === ref && hash && HASH.test(hash)) return hash.toLowerCase();
    }
    return null;
  } catch {
    // An unreadable .git is not a reason to stop a server: the commit is then unknown.
    return null;
  }
}

/** This release: the commit from the setting, else from the checkout in the working directory. */
export function releaseInfo(settings: { GIT_COMMIT?: string }, root = process.cwd()): ReleaseInfo {
  return { version: packageJson.version, commit: settings.GIT_COMMIT?.toLowerCase() ?? commitInCheckout(root) };
}
