import { readRandomBytes } from "./read-random-bytes.js";

/**
 * A random (version 4) UUID, like `crypto.randomUUID()`, without loading node:crypto where the
 * operating system's generator can be read directly (see {@link readRandomBytes}).
 */
export function createRandomUuid(): string {
  const bytes = readRandomBytes(16);
  // RFC 9562: version 4 in the high nibble of byte 6, variant 0b10 in the high bits of byte 8.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
