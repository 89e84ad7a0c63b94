import { Dialog as D } from "radix-ui";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn.ts";

/** An accessible modal dialog (focus trapped, Escape closes, labelled by its title). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <D.Content
          // Without a description the dialog is described by its content; tell Radix so instead of repeating the title.
          {...(description ? {} : { "aria-describedby": undefined })}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-surface-raised p-6 shadow-xl",
            className,
          )}
        >
          <D.Title className="pr-8 text-lg font-semibold">{title}</D.Title>
          {description ? <D.Description className="mt-1 text-sm text-fg-muted">{description}</D.Description> : null}
          <div className="mt-4">{children}</div>
          <D.Close className="absolute top-4 right-4 rounded-md p-1 text-fg-muted hover:bg-surface-muted" aria-label="Close">
            <X className="size-4" aria-hidden="true" />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
