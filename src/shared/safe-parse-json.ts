/** JSON text parsed without throwing: the value, or the error `JSON.parse` threw. */
export type ParsedJson = { success: true; value: unknown } | { success: false; error: unknown };

/**
 * Parses untrusted JSON text with `JSON.parse`, returning a syntax error as a value instead of
 * throwing it.
 *
 * @example
 * ```ts
 * safeParseJson('{"a": 1}'); // { success: true, value: { a: 1 } }
 * safeParseJson("{"); // { success: false, error: SyntaxError }
 * ```
 */
export function safeParseJson(text: string): ParsedJson {
  try {
    return { success: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { success: false, error };
  }
}
