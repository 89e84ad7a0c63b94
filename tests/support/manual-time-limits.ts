/**
 * Time limits that run out only when the test says so. A client given `signal` as its `timeoutSignal` never times a
 * call out because the machine is slow; the test calls `runOut()` once the far end is holding the answer back (the
 * fakes' `onHold`), as if the limit's time had passed.
 */
export interface ManualTimeLimits {
  /** For a client's `timeoutSignal` option. */
  signal: (ms: number) => AbortSignal;
  /** Ends every limit started so far with a TimeoutError, as AbortSignal.timeout would. */
  runOut(): void;
  /** How many limits were started (one per call). */
  readonly started: number;
}

export function manualTimeLimits(): ManualTimeLimits {
  const running: AbortController[] = [];
  let started = 0;
  return {
    signal: () => {
      const controller = new AbortController();
      running.push(controller);
      started += 1;
      return controller.signal;
    },
    runOut() {
      for (const controller of running.splice(0)) controller.abort(new DOMException("The operation timed out.", "TimeoutError"));
    },
    get started() {
      return started;
    },
  };
}
