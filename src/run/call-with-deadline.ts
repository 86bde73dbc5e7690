import { readMonotonicMs } from "../shared/read-monotonic-ms.js";
/** How a host call ended: its value, its error, the deadline, or the engine closing first. */
export type DeadlineResult<T> =
  | { kind: "value"; value: T; durationMs: number }
  | { kind: "error"; error: unknown; durationMs: number }
  | { kind: "timeout"; durationMs: number }
  | { kind: "cancelled"; durationMs: number };

/**
 * Calls a host callback with a signal that aborts at `timeoutMs` or when `signal` aborts, and
 * settles at the first of the three even when the callback ignores its signal; never rejects.
 *
 * @example
 * ```ts
 * const result = await callWithDeadline((signal) => fetchReply(signal), 30_000, engineSignal);
 * if (result.kind === "timeout") console.log(`no reply in ${result.durationMs} ms`);
 * ```
 */
export function callWithDeadline<T>(
  call: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<DeadlineResult<T>> {
  const startedAt = readMonotonicMs();
  const elapsed = () => readMonotonicMs() - startedAt;
  if (signal.aborted) return Promise.resolve({ kind: "cancelled", durationMs: 0 });
  const controller = new AbortController();
  return new Promise<DeadlineResult<T>>((resolve) => {
    let settled = false;
    const settle = (result: DeadlineResult<T>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener("abort", onClose);
      resolve(result);
    };
    const onClose = (): void => {
      controller.abort(signal.reason);
      settle({ kind: "cancelled", durationMs: elapsed() });
    };
    const timer = setTimeout(() => {
      controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, "TimeoutError"));
      settle({ kind: "timeout", durationMs: elapsed() });
    }, timeoutMs);
    signal.addEventListener("abort", onClose, { once: true });
    // A callback that throws instead of rejecting is still an error value.
    Promise.resolve()
      .then(() => call(controller.signal))
      .then(
        (value) => settle({ kind: "value", value, durationMs: elapsed() }),
        (error: unknown) => settle({ kind: "error", error, durationMs: elapsed() }),
      );
  });
}
