/** A handler's commands: the portable one and the optional Windows override. */
export interface PlatformCommands {
  command: string;
  commandWindows?: string | undefined;
}

/** The command to run on `platform`: `commandWindows` on Windows when given, else `command`. */
export function selectPlatformCommand(
  commands: PlatformCommands,
  platform: NodeJS.Platform,
): string {
  return platform === "win32" && commands.commandWindows !== undefined
    ? commands.commandWindows
    : commands.command;
}

/** A `requirements.toml` `[hooks]` table's managed-script directories. */
export interface ManagedDirectories {
  managed_dir?: string | undefined;
  windows_managed_dir?: string | undefined;
}

/**
 * The managed-script directory that applies on `platform` (`windows_managed_dir` on Windows,
 * `managed_dir` elsewhere), or null; informational: managed commands are run as written.
 */
export function selectManagedDirectory(
  directories: ManagedDirectories,
  platform: NodeJS.Platform,
): string | null {
  const directory =
    platform === "win32" ? directories.windows_managed_dir : directories.managed_dir;
  return directory ?? null;
}
