import { closeSync, fstatSync, readFileSync, readSync, statSync } from "node:fs";
import { UsageError } from "./usage-error.js";

/** The longest token accepted from a file or descriptor, in bytes. */
const maxTokenBytes = 4096;
/** How long `--token-fd` waits for a writer that has not written yet. */
const descriptorWaitMs = 10_000;

/**
 * Reads `serve`'s token from `--token-file <path>`: a regular file of this user that neither
 * group nor others may read or write (as ssh asks of a private key), holding one line.
 *
 * @example
 * ```ts
 * const token = readTokenFile("/run/user/1000/agent-hooks.token");
 * ```
 */
export function readTokenFile(file: string): string {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(file);
  } catch (error) {
    throw new UsageError(`--token-file ${file}: ${(error as NodeJS.ErrnoException).code}`);
  }
  if (!stat.isFile()) throw new UsageError(`--token-file ${file}: not a regular file`);
  if ((stat.mode & 0o077) !== 0) {
    const mode = (stat.mode & 0o777).toString(8).padStart(4, "0");
    throw new UsageError(
      `--token-file ${file}: group or others may access it (mode ${mode}); run chmod 600 on it`,
    );
  }
  if (process.getuid !== undefined && stat.uid !== process.getuid()) {
    throw new UsageError(`--token-file ${file}: owned by user ${stat.uid}, not by this user`);
  }
  return checkToken(readFileSync(file, "utf8"), `--token-file ${file}`);
}

/**
 * Reads `serve`'s token from `--token-fd <n>` (a pipe, or a file the shell opened) up to the end
 * of input or the first newline, then closes the descriptor so no hook inherits it.
 *
 * @example
 * ```ts
 * const token = readTokenDescriptor(3); // agent-hooks serve --listen 0 --token-fd 3 3<token.txt
 * ```
 */
export function readTokenDescriptor(descriptor: number): string {
  const where = `--token-fd ${descriptor}`;
  try {
    fstatSync(descriptor);
  } catch {
    throw new UsageError(`${where}: descriptor ${descriptor} is not open`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const deadline = Date.now() + descriptorWaitMs;
  try {
    while (size <= maxTokenBytes) {
      const chunk = Buffer.alloc(maxTokenBytes + 1);
      let read: number;
      try {
        read = readSync(descriptor, chunk, 0, chunk.length, null);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EAGAIN" || Date.now() > deadline) {
          throw new UsageError(`${where}: ${(error as NodeJS.ErrnoException).code}`);
        }
        // A non-blocking pipe with nothing yet: wait a little without spinning.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
        continue;
      }
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      size += read;
      if (chunk.subarray(0, read).includes(0x0a)) break;
    }
  } finally {
    if (descriptor > 2) closeSync(descriptor);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  const newline = text.indexOf("\n");
  return checkToken(newline === -1 ? text : text.slice(0, newline + 1), where);
}

/** One line, without its line ending; printable, not empty, not too long. */
function checkToken(text: string, where: string): string {
  const token = text.replace(/\r?\n$/, "");
  if (Buffer.byteLength(token) > maxTokenBytes) {
    throw new UsageError(`${where}: the token is longer than ${maxTokenBytes} bytes`);
  }
  if (token.trim() === "") throw new UsageError(`${where}: the token is empty`);
  // Sent in an Authorization header, so visible ASCII only.
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw new UsageError(
      `${where}: the token must be one line of visible ASCII characters (no spaces)`,
    );
  }
  return token;
}

/** Parses `--token-fd`'s argument: a descriptor number, not standard output or error. */
export function parseTokenDescriptor(value: string): number {
  const descriptor = Number(value);
  if (
    !/^\d+$/.test(value) ||
    !Number.isSafeInteger(descriptor) ||
    descriptor === 1 ||
    descriptor === 2
  ) {
    throw new UsageError(
      `--token-fd takes a descriptor number such as 3 (not 1 or 2), got "${value}"`,
    );
  }
  return descriptor;
}
