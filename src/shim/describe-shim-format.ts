import { hookFormats } from "../convert/hook-formats.js";
import type { ShimFormatName } from "./shim-types.js";

/**
 * The agent a protocol belongs to, for messages (`Gemini CLI`), as the convert format names it.
 *
 * @example
 * ```ts
 * describeShimFormat("cursor"); // "Cursor"
 * ```
 */
export function describeShimFormat(format: ShimFormatName): string {
  return hookFormats[format].title;
}
