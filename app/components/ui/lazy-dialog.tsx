import { Suspense, lazy, useState, type ComponentType } from "react";

/** What a dialog takes, so a shell can open one it is handed (the header's pilot dialog, the unlock prompt's). */
export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A dialog whose code loads the first time it opens, so dialogs stay off every page's first-load
 * JavaScript. Once opened it stays mounted, so closing animates and reopening is instant.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Dialog = lazy(load);
  return function LazyDialog(props: P) {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
