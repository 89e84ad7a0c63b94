/**
 * zod in the browser never compiles parsers with `new Function` (issue 29 finding 12). zod 4 tests whether it may, by
 * running `new Function("")` when an object schema is made, unless `jitless` is set; our Content-Security-Policy has
 * no 'unsafe-eval', so that caught test was still reported as a CSP violation on every page with a form or a
 * parsed API answer. root.tsx imports this module before anything else, so it runs before any schema is made.
 * The server keeps the compiled parsers: there is no CSP there, and they are faster.
 */
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });
