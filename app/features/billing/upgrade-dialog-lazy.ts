import { lazyDialog } from "~/components/ui/lazy-dialog.tsx";

/** The upgrade dialog, loaded when first opened. */
export const UpgradeDialog = lazyDialog(() => import("./upgrade-dialog.tsx"));
