import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { chmod, lstat, mkdir, open } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { findOwnershipProblem } from "../open-private-file.js";

/** What to spill: the text, its handler's threshold, and the session whose directory holds it. */
export interface SpillContextOptions {
  text: string;
  /** Approximate tokens sent whole; `0` (or less) never spills. */
  limitTokens: number;
  /** Bytes per token, so the limit in bytes is `limitTokens * bytesPerToken`. */
  bytesPerToken: number;
  sessionId: string;
  /** The temporary directory `hook_outputs/` is created under; defaults to `os.tmpdir()`. */
  tmpDir?: string;
}

/** The text to send (the whole text, or a preview), the file the whole text was saved to, and why it could not be. */
export interface SpilledContext {
  text: string;
  file: string | null;
  diagnostic: Diagnostic | null;
}

/**
 * Spills oversized `additionalContext` to disk. Text within `limitTokens * bytesPerToken` UTF-8
 * bytes (or any text when `limitTokens` is 0) is returned unchanged. Longer text is saved to
 * `<tmpDir>/hook_outputs/<session_id>/<uuid>.txt` (directories 0700, file 0600) and replaced by a
 * head-and-tail preview that fits the limit and names the file. If the file cannot be written,
 * the preview is truncated and a `spill_failed` warning is returned. Never rejects; characters
 * are never split.
 *
 * @example
 * const spilled = await spillContext({ text, limitTokens: 2500, bytesPerToken: 4, sessionId });
 * sendToModel(spilled.text); // the whole text, or a preview naming spilled.file
 */
export async function spillContext(options: SpillContextOptions): Promise<SpilledContext> {
  const { text } = options;
  const bytes = Buffer.from(text, "utf8");
  const limitBytes = Math.floor(options.limitTokens * options.bytesPerToken);
  if (!(options.limitTokens > 0) || bytes.length <= limitBytes) {
    return { text, file: null, diagnostic: null };
  }
  const directory = path.join(
    options.tmpDir ?? os.tmpdir(),
    "hook_outputs",
    sanitizeSessionId(options.sessionId),
  );
  const saved = await saveText(directory, bytes);
  if (typeof saved === "string") {
    return { text: buildPreview(bytes, limitBytes, saved), file: saved, diagnostic: null };
  }
  const diagnostic = createDiagnostic(
    "spill_failed",
    "warning",
    `additionalContext of ${bytes.length} bytes is over the limit of ${options.limitTokens} tokens and could not be saved under ${directory} (${saved.reason}); a truncated preview was sent instead`,
  );
  return { text: buildPreview(bytes, limitBytes, null), file: null, diagnostic };
}

/** A session id as one safe path segment: only `[A-Za-z0-9._-]`, never `.` or `..`, at most 128 characters. */
export function sanitizeSessionId(sessionId: string): string {
  const safe = sessionId.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 128);
  return safe === "" || /^\.+$/.test(safe) ? "_" : safe;
}

async function saveText(directory: string, bytes: Buffer): Promise<string | { reason: string }> {
  const file = path.join(directory, `${randomUUID()}.txt`);
  try {
    await mkdir(directory, { recursive: true, mode: 0o700 });
    // In a shared temp dir another user may have created these first: use them only when they
    // are real directories of ours, and make them private.
    for (const owned of [path.dirname(directory), directory]) {
      const reason = await claimDirectory(owned);
      if (reason !== null) return { reason };
    }
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow();
    const handle = await open(file, flags, 0o600);
    try {
      await handle.chmod(0o600);
      await handle.writeFile(bytes);
    } finally {
      await handle.close();
    }
    return file;
  } catch (error) {
    return { reason: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
}

async function claimDirectory(directory: string): Promise<string | null> {
  const stats = await lstat(directory);
  const problem = findOwnershipProblem(stats, "directory");
  if (problem !== null) return `${directory} is refused: ${problem}`;
  if ((stats.mode & 0o777) !== 0o700) await chmod(directory, 0o700);
  return null;
}

function noFollow(): number {
  return process.platform === "win32" ? 0 : constants.O_NOFOLLOW;
}

/**
 * `head` + a marker naming the saved file + `tail`, within `limitBytes`. When even the marker
 * does not fit, shorter forms are tried, and at the very least the text's head is sent.
 */
function buildPreview(bytes: Buffer, limitBytes: number, file: string | null): string {
  const total = bytes.length;
  const saved =
    file === null ? "the full output could not be saved" : `full output saved to ${file}`;
  // Size the marker with the total's digit count: the omitted count is never longer.
  const marker = (omitted: number) => `\n[… ${omitted} bytes omitted; ${saved}]\n`;
  const budget = limitBytes - Buffer.byteLength(marker(total));
  if (budget >= 0) {
    const headEnd = boundaryAtOrBefore(bytes, Math.ceil(budget / 2));
    const tailStart = boundaryAtOrAfter(bytes, total - (budget - headEnd));
    const omitted = tailStart - headEnd;
    return `${bytes.subarray(0, headEnd).toString("utf8")}${marker(omitted)}${bytes.subarray(tailStart).toString("utf8")}`;
  }
  for (const short of [`[${saved}]`, file === null ? "" : `[${file}]`]) {
    if (short !== "" && Buffer.byteLength(short) <= limitBytes) return short;
  }
  return bytes.subarray(0, boundaryAtOrBefore(bytes, limitBytes)).toString("utf8");
}

// UTF-8 continuation bytes are 0b10xxxxxx; a cut is only made before a character's first byte.
function isContinuationByte(bytes: Buffer, index: number): boolean {
  const byte = bytes[index];
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

function boundaryAtOrBefore(bytes: Buffer, index: number): number {
  let cut = Math.max(0, Math.min(index, bytes.length));
  while (cut > 0 && isContinuationByte(bytes, cut)) cut -= 1;
  return cut;
}

function boundaryAtOrAfter(bytes: Buffer, index: number): number {
  let cut = Math.max(0, Math.min(index, bytes.length));
  while (cut < bytes.length && isContinuationByte(bytes, cut)) cut += 1;
  return cut;
}
