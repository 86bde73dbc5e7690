import { formatCommand } from "../shell/quote-shell-word.js";

/** The flags a suggested `agent-hooks` command needs to find the same hooks again. */
export interface AgentHooksCommandFlags {
  /** The `--profile` to name. */
  profile: string;
  /** Included as `--home <dir>` only when given. */
  home?: string;
  /** Included as `--system-dir <dir>` only when given. */
  systemDir?: string;
  /** Included as `--cwd <dir>` only when given. */
  cwd?: string;
}

/**
 * Turns the arguments of a fix (`["hooks", "trust", id]`) into the command line a message shows;
 * trust diagnostics take one so they need not know the CLI's flags.
 */
export type SuggestCommand = (args: readonly string[]) => string;

/**
 * An `agent-hooks` command line with the flags that find the same hooks again, each word quoted
 * for the shell.
 *
 * @example
 * ```ts
 * formatAgentHooksCommand(["hooks", "review"], { profile: "zerocode", home: "/tmp/my home" });
 * // agent-hooks hooks review --profile zerocode --home '/tmp/my home'
 * ```
 */
export function formatAgentHooksCommand(
  args: readonly string[],
  flags: AgentHooksCommandFlags,
): string {
  const words = ["agent-hooks", ...args, "--profile", flags.profile];
  if (flags.home !== undefined) words.push("--home", flags.home);
  if (flags.systemDir !== undefined) words.push("--system-dir", flags.systemDir);
  if (flags.cwd !== undefined) words.push("--cwd", flags.cwd);
  return formatCommand(words);
}

/** A `SuggestCommand` that writes `agent-hooks` command lines with these flags. */
export function createCommandSuggester(flags: AgentHooksCommandFlags): SuggestCommand {
  return (args) => formatAgentHooksCommand(args, flags);
}
