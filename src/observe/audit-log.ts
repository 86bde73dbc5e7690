import { type FileHandle, mkdir } from "node:fs/promises";
import path from "node:path";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { openPrivateFile, type PrivateFileResult } from "../open-private-file.js";

/** An append-only JSON Lines file written whole lines at a time, in order, never throwing. */
export interface AuditLog {
  /** Queues whole lines (each ending in a newline); they are written in the order appended. */
  append(lines: readonly string[]): void;
  /** Settles once the file has been opened or failed to open; null afterwards. */
  opening(): Promise<void> | null;
  /** The `audit_log_failed` diagnostic, returned once after the first failure; otherwise null. */
  takeFailure(): Diagnostic | null;
  /** Writes what is queued and closes the file. */
  close(): Promise<void>;
}

/**
 * Opens `file` lazily (created 0600, appended with `O_APPEND`; a symbolic link, another user's
 * file or one open to others is refused) and writes queued lines through one promise chain, so
 * concurrent dispatches never interleave; each batch of whole lines is one `write` call. A
 * failure turns the log off and is reported once, never thrown.
 */
export function createAuditLog(file: string): AuditLog {
  const target = path.resolve(file);
  let handle: Promise<FileHandle | null> | null = null;
  let opened = false;
  let queue: Promise<void> = Promise.resolve();
  let pending: string[] = [];
  let scheduled = false;
  let failure: Diagnostic | null = null;
  let failed = false;
  let reported = false;
  let closed = false;

  /** Turns the log off; `reason` is a refusal's text, or an error whose code is shown. */
  const fail = (reason: unknown) => {
    if (failed) return;
    failed = true;
    pending = [];
    const shown =
      typeof reason === "string"
        ? reason
        : ((reason as NodeJS.ErrnoException)?.code ?? String(reason));
    failure = createDiagnostic(
      "audit_log_failed",
      "warning",
      `The audit log ${target} cannot be written (${shown}); audit logging is off for this engine, dispatching goes on`,
      { file: target },
    );
  };
  const openOnce = () => {
    handle ??= openLogFile(target)
      .then(
        (opened) => {
          if (opened.ok) return opened.handle;
          fail(opened.reason);
          return null;
        },
        (error: unknown) => {
          fail(error);
          return null;
        },
      )
      .finally(() => {
        opened = true;
      });
    return handle;
  };
  const flush = async () => {
    scheduled = false;
    const text = pending.join("");
    pending = [];
    if (text === "" || failed) return;
    const fileHandle = await openOnce();
    if (fileHandle === null) return;
    try {
      await writeWhole(fileHandle, Buffer.from(text, "utf8"));
    } catch (error) {
      fail(error);
    }
  };

  return {
    append(lines) {
      if (failed || closed || lines.length === 0) return;
      for (const line of lines) pending.push(line);
      void openOnce();
      if (scheduled) return;
      scheduled = true;
      queue = queue.then(flush);
    },
    opening() {
      return opened || handle === null ? null : handle.then(() => undefined);
    },
    takeFailure() {
      if (failure === null || reported) return null;
      reported = true;
      return failure;
    },
    async close() {
      closed = true;
      await queue;
      const fileHandle = handle === null ? null : await handle;
      await fileHandle?.close().catch(() => undefined);
    },
  };
}

// The log may name commands, reasons and payloads: a file that is not private to this user
// (a symbolic link, another user's file, one others can read) is refused, never written.
async function openLogFile(file: string): Promise<PrivateFileResult> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  return openPrivateFile(file);
}

// One write call for the whole buffer; loop only on the rare short write.
async function writeWhole(fileHandle: FileHandle, buffer: Buffer): Promise<void> {
  let offset = 0;
  while (offset < buffer.length) {
    const { bytesWritten } = await fileHandle.write(buffer, offset, buffer.length - offset, null);
    if (bytesWritten === 0) throw new Error("write returned 0 bytes");
    offset += bytesWritten;
  }
}
