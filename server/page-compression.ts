/**
 * How answers are compressed (server/http-server.ts): what the browser offers, brotli before gzip, from 1 kB up.
 *
 * Brotli at quality 1, not the library's 4: a /listings page (about 120 kB of HTML) costs about 0.3 ms of CPU instead
 * of 0.55 ms at quality 2 and about 1.1 ms at 4, and comes out some 10 % larger than at 2 (22.7 kB against 20.7 kB,
 * 18.8 kB at 4). On two cores serving every page new, the CPU is what runs out first: at 1,000,000 listings quality 1
 * served 104-121 pages a second where 2 served 91-97 (issue 33, decisions 0098 and 0103).
 */
import compression from "compression";
import { constants } from "node:zlib";

export const PAGE_BROTLI_QUALITY = 1;

export function pageCompression() {
  return compression({ brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } } });
}
