/** Which commit a server says it runs (decision 0107): the setting first, else the checkout it runs from. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { commitInCheckout, releaseInfo } from "./release-info.server.ts";

const A = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
const B = "0123456789abcdef0123456789abcdef01234567";
const roots: string[] = [];
const checkout = (files: Record<string, string>) => {
  const root = mkdtempSync(path.join(tmpdir(), "introbase-release-"));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
};

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("release info", () => {
  it("takes GIT_COMMIT over the checkout, and the version from package.json", () => {
    const root = checkout({ ".git/HEAD": `${B}\n` });
    expect(releaseInfo({ GIT_COMMIT: A.toUpperCase() }, root)).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+$/), commit: A });
    expect(releaseInfo({}, root).commit).toBe(B);
  });

  it("follows a branch to a loose ref, a packed ref, and a worktree's refs in its main repository", () => {
    expect(commitInCheckout(checkout({ ".git/HEAD": "ref: refs/heads/main\n", ".git/refs/heads/main": `${A}\n` }))).toBe(A);
    expect(
      commitInCheckout(checkout({ ".git/HEAD": "ref: refs/heads/main\n", ".git/packed-refs": `# pack-refs\n${B} refs/heads/main\n` })),
    ).toBe(B);
    const main = checkout({
      "repo/.git/refs/heads/topic": `${A}\n`,
      "repo/.git/worktrees/wt/HEAD": "ref: refs/heads/topic\n",
      "repo/.git/worktrees/wt/commondir": "../..\n",
    });
    const tree = checkout({ ".git": `gitdir: ${path.join(main, "repo/.git/worktrees/wt")}\n` });
    expect(commitInCheckout(tree)).toBe(A);
  });

  it("says unknown, without failing, where there is no checkout or its HEAD names nothing", () => {
    expect(commitInCheckout(checkout({ "README.md": "x" }))).toBeNull();
    expect(commitInCheckout(checkout({ ".git/HEAD": "ref: refs/heads/gone\n" }))).toBeNull();
    expect(releaseInfo({}, checkout({})).commit).toBeNull();
  });
});
