import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False during server rendering and the first client render, true once React has hydrated. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
