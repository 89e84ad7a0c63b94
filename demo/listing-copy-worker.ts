/**
 * Worker thread of the seed's bulk load: writes the COPY text of one chunk each time it is asked, so that the main
 * thread keeps the database fed meanwhile (in one thread, generating a chunk stalls the socket). Loaded by Node
 * itself, not by a bundler: relative imports only.
 */
import { parentPort, workerData } from "node:worker_threads";
import { listingCopyText, type ListingTextOptions } from "./listing-copy-text.ts";

const chunks = listingCopyText(workerData as ListingTextOptions);
parentPort!.on("message", () => {
  const next = chunks.next();
  parentPort!.postMessage(next);
  if (next.done) parentPort!.close();
});
