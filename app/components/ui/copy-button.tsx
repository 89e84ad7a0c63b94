import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "./button.tsx";
import { useHydrated } from "~/lib/use-hydrated.ts";

/**
 * Copies `text` to the clipboard. Shown only once the page has hydrated: without JavaScript there is nothing it could
 * do, and the text beside it stays selectable instead.
 */
export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  if (!hydrated) return null;
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied("yes"),
      () => setCopied("failed"),
    );
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()}>
      {copied === "yes" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">{copied === "yes" ? "Copied" : copied === "failed" ? "Select and copy it" : label}</span>
    </Button>
  );
}
