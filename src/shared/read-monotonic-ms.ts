/**
 * A monotonic clock in milliseconds with sub-millisecond precision, for durations and deadlines.
 * It reads `process.hrtime` rather than `performance.now()`: the first use of the global
 * `performance` loads node:perf_hooks, about 2 ms of a CLI start on every tool call
 * (docs/performance.md, "CLI start-up").
 */
export function readMonotonicMs(): number {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1e3 + nanoseconds / 1e6;
}
