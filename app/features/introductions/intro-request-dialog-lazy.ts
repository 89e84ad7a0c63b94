import { lazyDialog } from "~/components/ui/lazy-dialog.tsx";

/** The Request an Introduction dialog, loaded when first opened (it brings the proof-of-work widget). */
export const IntroRequestDialog = lazyDialog(() => import("./intro-request-dialog.tsx"));
