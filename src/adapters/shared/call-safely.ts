/**
 * Calls a host callback, if there is one, and ignores what it throws: a host's observer failing
 * must never break the tool call or end the run.
 */
export function callSafely<ARGUMENTS extends unknown[]>(
  callback: ((...values: ARGUMENTS) => unknown) | undefined,
  ...values: ARGUMENTS
): void {
  if (callback === undefined) return;
  try {
    callback(...values);
  } catch {
    // The failure is the host's; the agent goes on.
  }
}
