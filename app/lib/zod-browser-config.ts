/**
 * zod in the browser never compiles parsers with `new Function` (issue 29 finding 12, decision 0072). zod 4 tests
 * whether it may, by running `new Function("")` when an object schema is made, unless `jitless` is set; our
 * Content-Security-Policy has no 'unsafe-eval', so that caught test was still reported as a CSP violation.
 *
 * The setting goes in before any module runs: root.tsx writes this as an inline script (with the CSP nonce) at the
 * top of <head>, and module scripts only run after the document is parsed. zod reads its settings from this global
 * when it loads (`z.config()` is that object), so no bundling order can make a schema first; and importing zod into
 * the root for `z.config` would put it in every page's first load (25 kB gzipped on /listings, over its budget).
 * The server keeps the compiled parsers: there is no CSP there, and they are faster.
 */
export const ZOD_BROWSER_CONFIG_SCRIPT = "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true})";
