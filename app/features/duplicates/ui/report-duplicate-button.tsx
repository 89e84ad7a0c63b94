import { Copy } from "lucide-react";
import { useState } from "react";
import { lazyDialog } from "~/components/ui/lazy-dialog.tsx";
import { Button } from "~/components/ui/button.tsx";

const ReportDuplicateDialog = lazyDialog(() => import("./report-duplicate-dialog.tsx"));

/** Shown to signed-in members under a profile (issue 5 §7); the dialog loads when first opened. */
export function ReportDuplicateButton({ listing }: { listing: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mx-auto max-w-6xl px-4 pb-10 text-sm text-fg-muted sm:px-6">
      <p className="flex flex-wrap items-center gap-2">
        Is this company listed twice?
        <Button variant="link" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
          <Copy aria-hidden="true" /> Report a duplicate
        </Button>
      </p>
      <ReportDuplicateDialog open={open} onOpenChange={setOpen} listing={listing} />
    </div>
  );
}
