import { randomBytes } from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";

// Bytes read from /dev/urandom ahead, handed out in order (as node:crypto's randomUUID keeps an
// entropy cache): a run marker then costs no system call.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

/**
 * `size` bytes from the operating system's random number generator. Where /dev/urandom can be
 * read it is read directly: loading node:crypto costs a CLI start several milliseconds, on every
 * tool call (docs/performance.md, "CLI start-up"). Elsewhere (Windows) node:crypto answers.
 */
export function readRandomBytes(size: number): Buffer {
  if (process.platform !== "win32") {
    const bytes = takePooledBytes(size);
    if (bytes !== null) return bytes;
  }
  return randomBytes(size);
}

function takePooledBytes(size: number): Buffer | null {
  if (size > pool.length) {
    const bytes = Buffer.alloc(size);
    return readDeviceBytes(bytes) ? bytes : null;
  }
  if (poolOffset + size > pool.length) {
    if (!readDeviceBytes(pool)) return null;
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + size));
  // Handed-out bytes are not kept.
  pool.fill(0, poolOffset, poolOffset + size);
  poolOffset += size;
  return bytes;
}

/** Fills `target` from /dev/urandom; false when the device cannot be read. */
function readDeviceBytes(target: Buffer): boolean {
  let descriptor: number | null = null;
  try {
    descriptor = openSync("/dev/urandom", "r");
    let filled = 0;
    while (filled < target.length) {
      const read = readSync(descriptor, target, filled, target.length - filled, null);
      if (read <= 0) return false;
      filled += read;
    }
    return true;
  } catch {
    return false;
  } finally {
    if (descriptor !== null) closeSync(descriptor);
  }
}
