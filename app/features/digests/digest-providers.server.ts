/**
 * The digest's sections besides the saved searches' own and the followed listings' changes (decision 0062). Each is a
 * DigestSectionProvider; adding a feature's section to every digest is one line here. The follows' section is not one
 * of them since decision 0063's addendum: it has its own audience and a cadence per member (follow-digest.server.ts).
 */
import type { DigestSectionProvider } from "./digest-section.ts";

export const DIGEST_SECTION_PROVIDERS: readonly DigestSectionProvider[] = [];
