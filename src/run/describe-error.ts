/**
 * The message of a value a host callback threw or rejected with: an `Error`'s message, a string
 * as is, anything else as JSON (or its type when it has none).
 *
 * @example
 * ```ts
 * describeError(new Error("not connected")); // "not connected"
 * describeError({ code: 42 }); // '{"code":42}'
 * ```
 */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message === "" ? error.name : error.message;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error) ?? typeof error;
  } catch {
    return typeof error;
  }
}
