/**
 * Gives a payload the `transcript_path` ZeroCode's and VS Code's payloads always carry: null when
 * there is none.
 *
 * @example
 * ```ts
 * const payload: Record<string, unknown> = {};
 * writeTranscriptPath(payload); // payload.transcript_path === null
 * ```
 */
export function writeTranscriptPath(payload: Record<string, unknown>): void {
  if (payload.transcript_path === undefined) payload.transcript_path = null;
}
