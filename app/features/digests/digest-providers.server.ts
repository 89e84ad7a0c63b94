/**
 * The digest's sections besides the saved searches' own (decision 0062). Each is a DigestSectionProvider; adding a
 * feature's section to every digest is one line here.
 */
import { followedChangesDigestSection } from "../follows/followed-changes.server.ts";
import type { DigestSectionProvider } from "./digest-section.ts";

export const DIGEST_SECTION_PROVIDERS: readonly DigestSectionProvider[] = [followedChangesDigestSection];
