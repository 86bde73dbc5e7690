/** A Local hook entry's commands: the portable one and the per-OS overrides. */
export interface LocalCommands {
  command?: string | undefined;
  windows?: string | undefined;
  linux?: string | undefined;
  osx?: string | undefined;
}

/** The Local format's override property for each platform VS Code runs on. */
const overrideByPlatform: Readonly<Partial<Record<NodeJS.Platform, keyof LocalCommands>>> = {
  win32: "windows",
  linux: "linux",
  darwin: "osx",
};

/**
 * The command a Local entry runs on `platform`, trimmed: its override (`windows`, `linux`, `osx`)
 * when defined, else `command`, else null (the entry does not run there). A property that is
 * empty or only whitespace counts as not defined, so a blank override falls back to `command`.
 *
 * @example
 * ```ts
 * selectLocalCommand({ command: "./check.sh", windows: "check.cmd" }, "win32"); // "check.cmd"
 * selectLocalCommand({ command: "./check.sh", linux: "" }, "linux"); // "./check.sh"
 * selectLocalCommand({ windows: "check.cmd" }, "linux"); // null
 * ```
 */
export function selectLocalCommand(
  commands: LocalCommands,
  platform: NodeJS.Platform,
): string | null {
  const override = overrideByPlatform[platform];
  const chosen = override === undefined ? undefined : commands[override];
  return readCommandProperty(chosen) ?? readCommandProperty(commands.command);
}

/** A command property as it counts: trimmed, or null when missing, empty or only whitespace. */
export function readCommandProperty(command: string | undefined): string | null {
  const trimmed = command?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}
