/**
 * The Node flags a server process runs with. V8's young generation is capped: left to V8 it grows to some hundred
 * megabytes under load (its default scales with the machine's memory), which at a million listings took a server
 * process past 800 MB (issue 33: 826 MB at its peak with V8's default, 696 MB with 8 MB semi-spaces, the same requests
 * per second). The cluster's primary gives it to the server processes it starts (server/index.ts); `npm start` and
 * `npm run serve` give it to a single process. A size the operator gave (NODE_OPTIONS, the command line) wins.
 */
export const SEMI_SPACE_FLAG = "--max-semi-space-size=8";

export function serverProcessFlags(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)];
  return given.some((flag) => flag.startsWith("--max-semi-space-size")) ? [...execArgv] : [...execArgv, SEMI_SPACE_FLAG];
}
