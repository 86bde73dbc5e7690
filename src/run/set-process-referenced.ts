import type { ChildProcessWithoutNullStreams } from "node:child_process";

/**
 * Lets a child process and its pipes keep the host's event loop alive (`true`) or not (`false`):
 * an idle process the engine keeps for later must not hold a host that has finished.
 *
 * @example
 * ```ts
 * setProcessReferenced(child, false); // idle: the host may exit
 * ```
 */
export function setProcessReferenced(
  child: ChildProcessWithoutNullStreams,
  referenced: boolean,
): void {
  const handles = [child, child.stdin, child.stdout, child.stderr] as const;
  for (const handle of handles) {
    const target = handle as { ref?: () => void; unref?: () => void };
    if (referenced) target.ref?.();
    else target.unref?.();
  }
}
