import { randomBytes } from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";

/**
 * `size` bytes from the operating system's random number generator. Where /dev/urandom can be
 * read it is read directly: loading node:crypto costs a CLI start several milliseconds, on every
 * tool call (docs/performance.md, "CLI start-up"). Elsewhere (Windows) node:crypto answers.
 */
export function readRandomBytes(size: number): Buffer {
  if (process.platform !== "win32") {
    const bytes = readDeviceBytes(size);
    if (bytes !== null) return bytes;
  }
  return randomBytes(size);
}

function readDeviceBytes(size: number): Buffer | null {
  let descriptor: number | null = null;
  try {
    descriptor = openSync("/dev/urandom", "r");
    const bytes = Buffer.alloc(size);
    let filled = 0;
    while (filled < size) {
      const read = readSync(descriptor, bytes, filled, size - filled, null);
      if (read <= 0) return null;
      filled += read;
    }
    return bytes;
  } catch {
    return null;
  } finally {
    if (descriptor !== null) closeSync(descriptor);
  }
}
