import { useEffect, type RefObject } from "react";
import { useLocation } from "react-router";

/**
 * What a header disclosure (the account menu, the mobile menu) does while open: a click outside closes it; Escape
 * closes it and puts the focus back on its button, so a keyboard user is where they were; a navigation closes it.
 */
export function useDisclosure({
  open,
  setOpen,
  root,
  button,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  root: RefObject<HTMLElement | null>;
  button: RefObject<HTMLElement | null>;
}) {
  const { pathname, search } = useLocation();
  useEffect(() => setOpen(false), [pathname, search, setOpen]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, setOpen, root, button]);
}
