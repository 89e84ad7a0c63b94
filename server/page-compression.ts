/**
 * How answers are compressed (server/http-server.ts): what the browser offers, brotli before gzip, from 1 kB up.
 *
 * Brotli at quality 2, not the library's 4: a /listings page (about 175 kB of HTML) costs about 0.6 ms of CPU instead
 * of 1.1 ms and comes out some 13 % larger (24 kB against 21 kB), about what gzip's default makes at five times the CPU.
 * On two cores serving every page new, the CPU is what runs out first (issue 33, decision 0098).
 */
import compression from "compression";
import { constants } from "node:zlib";

export const PAGE_BROTLI_QUALITY = 2;

export function pageCompression() {
  return compression({ brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } } });
}
