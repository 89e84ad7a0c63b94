import { Loader2 } from "lucide-react";
import { cn } from "~/lib/cn.ts";

/** Only where the specification names a spinner; elsewhere loading states are skeletons. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn("flex items-center justify-center gap-2 text-fg-muted", className)}>
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      <span className={label ? undefined : "sr-only"}>{label ?? "Loading"}</span>
    </div>
  );
}
