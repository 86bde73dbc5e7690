/**
 * A tool's or run's output as text: a string as it is, nothing (`undefined`, `null`) as "",
 * anything else as JSON, or `String()` when it cannot be serialized.
 */
export function stringifyOutput(output: unknown): string {
  if (typeof output === "string") return output;
  if (output === undefined || output === null) return "";
  try {
    return JSON.stringify(output) ?? String(output);
  } catch {
    return String(output);
  }
}
