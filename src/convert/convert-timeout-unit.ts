/** The units hook formats count timeouts in, as how many of the unit make one second. */
export const timeoutUnits = {
  seconds: 1,
  // Gemini CLI: `timeout` is in milliseconds (DEFAULT_HOOK_TIMEOUT = 60000, hookRunner.ts).
  milliseconds: 1000,
} as const satisfies Record<string, number>;

/** A unit a format writes its timeouts in. */
export type TimeoutUnit = keyof typeof timeoutUnits;

/**
 * A timeout in seconds written in `unit`.
 *
 * @example
 * ```ts
 * convertSecondsToUnit(30, "milliseconds"); // 30000
 * ```
 */
export function convertSecondsToUnit(seconds: number, unit: TimeoutUnit): number {
  return seconds * timeoutUnits[unit];
}

/**
 * A timeout written in `unit`, in seconds.
 *
 * @example
 * ```ts
 * convertUnitToSeconds(1500, "milliseconds"); // 1.5
 * ```
 */
export function convertUnitToSeconds(value: number, unit: TimeoutUnit): number {
  return value / timeoutUnits[unit];
}
