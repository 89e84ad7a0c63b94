import { lazyDialog } from "~/components/ui/lazy-dialog.tsx";

/** The pilot application dialog, loaded when first opened. */
export const PilotDialog = lazyDialog(() => import("./pilot-dialog.tsx"));
