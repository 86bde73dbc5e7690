import { constants, type Stats } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";

/** An opened private file, or why it was refused or could not be opened. */
export type PrivateFileResult = { ok: true; handle: FileHandle } | { ok: false; reason: string };

/**
 * Why an existing entry (from `lstat`, or `fstat` of a file opened without following links) is
 * not the current user's own file or directory: another kind of entry (a symbolic link, a
 * FIFO, …) or another user's. Null when it is; ownership is not checked where the platform has
 * no user ids (Windows).
 */
export function findOwnershipProblem(stats: Stats, kind: "file" | "directory"): string | null {
  if (kind === "file" ? !stats.isFile() : !stats.isDirectory()) {
    return `it is not a ${kind === "file" ? "regular file" : "directory"}`;
  }
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid)
    return `it belongs to another user (uid ${stats.uid})`;
  return null;
}

/**
 * Opens `file` for appending as a private file of the current user, never throwing: created 0600
 * when missing; an existing one is used only when it is a regular file (a symbolic link is not
 * followed), owned by the current user and closed to group and others (mode 0600 or narrower).
 * (A file written whole goes through `writeFileAtomically` instead.)
 *
 * @example
 * ```ts
 * const opened = await openPrivateFile("/tmp/audit.jsonl");
 * if (!opened.ok) console.error(`cannot write the audit log: ${opened.reason}`);
 * ```
 */
export async function openPrivateFile(file: string): Promise<PrivateFileResult> {
  // Non-blocking, so a FIFO planted at the path cannot hang the open; it is refused below.
  const flags =
    constants.O_WRONLY |
    constants.O_CREAT |
    noFollowFlag() |
    (constants.O_NONBLOCK ?? 0) |
    constants.O_APPEND;
  let handle: FileHandle;
  try {
    handle = await open(file, flags, 0o600);
  } catch (error) {
    return { ok: false, reason: describeOpenError(error) };
  }
  try {
    const stats = await handle.stat();
    const problem = findOwnershipProblem(stats, "file") ?? findLoosePermissions(stats);
    if (problem !== null) {
      await handle.close();
      return { ok: false, reason: problem };
    }
    return { ok: true, handle };
  } catch (error) {
    await handle.close().catch(() => undefined);
    return { ok: false, reason: describeOpenError(error) };
  }
}

/** The flag that makes `open` refuse a symbolic link as the last path component. */
function noFollowFlag(): number {
  return process.platform === "win32" ? 0 : constants.O_NOFOLLOW;
}

/** Why a file is open to group or others (any mode bit beyond 0600's), or null; never on Windows. */
export function findLoosePermissions(stats: Stats): string | null {
  if (process.platform === "win32" || (stats.mode & 0o077) === 0) return null;
  const mode = (stats.mode & 0o777).toString(8).padStart(4, "0");
  return `it is open to other users (mode ${mode}); allow only its owner (chmod 600)`;
}

function describeOpenError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  // O_NOFOLLOW fails with ELOOP on Linux and macOS, EMLINK on FreeBSD.
  if (code === "ELOOP" || code === "EMLINK") return "it is a symbolic link";
  // A FIFO without a reader (opened without blocking) or a device without its driver.
  if (code === "ENXIO") return "it is not a regular file (ENXIO)";
  return code ?? String(error);
}
