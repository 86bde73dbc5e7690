import { chmod, mkdir } from "node:fs/promises";

/**
 * Creates a directory (and its missing parents) readable only by its owner, mode 0700 whatever
 * the umask; an existing directory is left as it is. Returns why it failed (an error code such as
 * `EACCES`), or null.
 *
 * @example
 * ```ts
 * const failure = await createPrivateDirectory(path.join(home, ".claude", "plugins", "data", id));
 * if (failure !== null) console.warn(`no data folder: ${failure}`);
 * ```
 */
export async function createPrivateDirectory(directory: string): Promise<string | null> {
  try {
    const created = await mkdir(directory, { recursive: true, mode: 0o700 });
    // mkdir applies the umask; a folder made here is set to 0700 exactly.
    if (created !== undefined) await chmod(directory, 0o700);
    return null;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error);
  }
}
