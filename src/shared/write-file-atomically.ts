import { randomBytes } from "node:crypto";
import { constants, type Stats } from "node:fs";
import { type FileHandle, lstat, mkdir, open, readlink, rename, unlink } from "node:fs/promises";
import path from "node:path";

/** The file a write replaces, as it was read: its text and its permission bits. */
export interface ExistingFile {
  text: string;
  mode: number;
}

/** What to write, or why the file must be left as it is (said to the user after "cannot write X: "). */
export type FileContent = { ok: true; text: string } | { ok: false; reason: string };

/** How {@link writeFileAtomically} creates or replaces a file. */
export interface WriteFileOptions {
  /**
   * The written file's permission bits, new or replaced (0o600 for a private file). Default: a
   * replaced file keeps its own; a new one gets 0o666 less the umask.
   */
  mode?: number;
  /** The permission bits of a file this write creates (no effect when `mode` is set). */
  newFileMode?: number;
  /** Creates missing folders with this mode; default: a missing folder fails the write (ENOENT). */
  directoryMode?: number;
  /** Why an existing file must not be replaced, beyond the writer's own checks; null when it may. */
  checkExisting?: (stats: Stats) => string | null;
}

/**
 * What a write did, or why nothing was written; `link` is set when `file` is a symbolic link, to
 * the absolute path it points to (for a hint to write that file instead).
 */
export type WriteFileResult =
  | { ok: true; change: "created" | "replaced" | "unchanged" }
  | { ok: false; reason: string; link?: string };

/** Content for a file: fixed text, or text made from the file as it is (null when there is none). */
export type FileContentSource =
  | string
  | ((existing: ExistingFile | null) => FileContent | Promise<FileContent>);

/**
 * Writes a file the way a user's file must be written, never throwing: the content (or a function
 * that makes it from the current text, and may refuse) goes to a new temporary file in the same
 * folder, which is flushed to disk, given the original's mode (and owner and group, where the
 * process may set them), and renamed over the original, so a reader or a crash sees the old file
 * or the new one, never a part of either; a failure removes the temporary file and leaves the
 * original as it was. A symbolic link at `file` is refused, never followed, and so is anything but
 * a regular file, another user's file, non-UTF-8 text, or a file that changed while it was edited.
 * Links in the folders above `file` are followed, as the shell follows them.
 *
 * @example
 * ```ts
 * const written = await writeFileAtomically(".gemini/settings.json", (existing) =>
 *   existing === null ? { ok: true, text: converted } : mergeInto(existing.text));
 * if (!written.ok) console.error(`cannot write .gemini/settings.json: ${written.reason}`);
 * ```
 */
export async function writeFileAtomically(
  file: string,
  content: FileContentSource,
  options: WriteFileOptions = {},
): Promise<WriteFileResult> {
  const read = await readExistingFile(file, options);
  if (!read.ok) return read;
  const existing = read.file;
  let made: FileContent;
  try {
    made =
      typeof content === "string"
        ? { ok: true, text: content }
        : await content(existing === null ? null : { text: existing.text, mode: existing.mode });
  } catch (error) {
    return { ok: false, reason: describeError(error) };
  }
  if (!made.ok) return made;
  if (
    existing !== null &&
    made.text === existing.text &&
    (options.mode === undefined || options.mode === existing.mode)
  ) {
    return { ok: true, change: "unchanged" };
  }
  const directory = path.dirname(file);
  const temporary = path.join(
    directory,
    // Short enough for any file name: a name of 255 bytes is legal, one longer is not.
    `.${Array.from(path.basename(file)).slice(0, 40).join("")}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`,
  );
  let created = false;
  try {
    if (options.directoryMode !== undefined) {
      await mkdir(directory, { recursive: true, mode: options.directoryMode });
    }
    const handle = await open(
      temporary,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollowFlag(),
      options.mode ?? options.newFileMode ?? 0o666,
    );
    created = true;
    try {
      await handle.writeFile(made.text, "utf8");
      await setOwnership(handle, existing?.stats ?? null);
      const mode = options.mode ?? existing?.mode ?? options.newFileMode ?? null;
      if (mode !== null) await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    const changed = await findChange(file, existing?.stats ?? null);
    if (changed !== null) {
      await unlink(temporary).catch(() => undefined);
      return { ok: false, reason: changed };
    }
    await rename(temporary, file);
    created = false;
    await syncDirectory(directory);
    return { ok: true, change: existing === null ? "created" : "replaced" };
  } catch (error) {
    if (created) await unlink(temporary).catch(() => undefined);
    return { ok: false, reason: describeError(error) };
  }
}

/** The existing file read without following a link, null when there is none, or a refusal. */
async function readExistingFile(
  file: string,
  options: WriteFileOptions,
): Promise<
  | { ok: true; file: { text: string; mode: number; stats: Stats } | null }
  | { ok: false; reason: string; link?: string }
> {
  let stats: Stats;
  try {
    stats = await lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { ok: true, file: null };
    return { ok: false, reason: describeError(error) };
  }
  if (stats.isSymbolicLink()) {
    const target = await readlink(file).catch(() => null);
    if (target === null) return { ok: false, reason: "it is a symbolic link" };
    const link = path.resolve(path.dirname(file), target);
    return {
      ok: false,
      reason: `it is a symbolic link to ${link}, and agent-hooks never writes through one`,
      link,
    };
  }
  const problem = findReplacementProblem(stats) ?? options.checkExisting?.(stats) ?? null;
  if (problem !== null) return { ok: false, reason: problem };
  let handle: FileHandle | undefined;
  try {
    // Non-blocking, so a FIFO swapped in after the check cannot hang the open.
    handle = await open(file, constants.O_RDONLY | noFollowFlag() | (constants.O_NONBLOCK ?? 0));
    const opened = await handle.stat();
    if (!isSameFile(opened, stats)) {
      return { ok: false, reason: "it changed while agent-hooks read it; nothing was written" };
    }
    const bytes = await handle.readFile();
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      return { ok: false, reason: "it is not UTF-8 text" };
    }
    return { ok: true, file: { text, mode: opened.mode & 0o777, stats: opened } };
  } catch (error) {
    return { ok: false, reason: describeError(error) };
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** Why an existing entry may not be replaced by this process's new file, or null. */
function findReplacementProblem(stats: Stats): string | null {
  if (!stats.isFile()) return "it is not a regular file";
  const uid = process.getuid?.();
  // Only root can give the new file the old one's owner; anyone else would take the file over.
  if (uid !== undefined && uid !== 0 && stats.uid !== uid) {
    return `it belongs to another user (uid ${stats.uid})`;
  }
  return null;
}

/** Gives the new file the old one's owner and group where the process may (root; a member). */
async function setOwnership(handle: FileHandle, original: Stats | null): Promise<void> {
  if (original === null || process.platform === "win32") return;
  const current = await handle.stat();
  if (current.uid === original.uid && current.gid === original.gid) return;
  await handle.chown(original.uid, original.gid).catch(() => undefined);
}

/** Why the file at `file` is no longer the one that was read (or now exists), or null. */
async function findChange(file: string, original: Stats | null): Promise<string | null> {
  let now: Stats;
  try {
    now = await lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      return original === null ? null : "it was removed while agent-hooks edited it";
    }
    throw error;
  }
  if (original === null) return "it was created by something else while agent-hooks wrote it";
  const same =
    isSameFile(now, original) && now.size === original.size && now.mtimeMs === original.mtimeMs;
  return same ? null : "it changed while agent-hooks edited it; run the command again";
}

function isSameFile(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.isFile() === b.isFile();
}

function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  // O_NOFOLLOW fails with ELOOP on Linux and macOS, EMLINK on FreeBSD.
  if (code === "ELOOP" || code === "EMLINK") return "it is a symbolic link";
  return code ?? String(error);
}

/** The flag that makes `open` refuse a symbolic link as the last path component. */
function noFollowFlag(): number {
  return process.platform === "win32" ? 0 : constants.O_NOFOLLOW;
}

// Makes the rename itself durable; not every platform can open a directory, so best effort.
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, "r");
    await handle.sync().finally(() => handle.close());
  } catch {
    // The file is already in place; only durability across a crash is at stake.
  }
}
