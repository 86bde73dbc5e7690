import { createDiagnostic, type Diagnostic } from "../diagnostic.js";

/**
 * Serializes a built payload once, for every handler's stdin; a payload JSON cannot hold (a
 * BigInt, a cycle) is refused with an `invalid_payload` error instead.
 *
 * @example
 * ```ts
 * const serialized = serializePayload("Stop", payload);
 * if ("refusal" in serialized) return createEmptyDispatchResult("Stop", [serialized.refusal]);
 * ```
 */
export function serializePayload(
  event: string,
  payload: Readonly<Record<string, unknown>>,
): { input: string } | { refusal: Diagnostic } {
  try {
    return { input: JSON.stringify(payload) };
  } catch (error) {
    const message = `The ${event} payload cannot be serialized: ${String(error)}`;
    return { refusal: createDiagnostic("invalid_payload", "error", message) };
  }
}
