import { lazyDialog } from "~/components/ui/lazy-dialog.tsx";

/** The sign-in dialog, loaded when first opened. */
export const SignInDialog = lazyDialog(() => import("./sign-in-dialog.tsx"));
