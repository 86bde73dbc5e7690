import { type ConversionIssue, createNoteIssue } from "./conversion-issue.js";
import type { FittedHooks } from "./fit-hooks-to-format.js";
import type { HookFormat } from "./hook-format.js";
import { joinShellArguments } from "./join-shell-arguments.js";
import type { FormatName, PortableCommand } from "./portable-hooks.js";

/** How `convert --shim` wraps each command: the two protocols and how to start `agent-hooks`. */
export interface ShimWrapping {
  /** The format the hooks were written for (`--from`): the shim's `--hook`. */
  hook: FormatName;
  /** The shell text that starts `agent-hooks` (`agent-hooks`, `npx agent-hooks`), as written. */
  shimCommand: string;
}

/**
 * Seconds between the shim's own timeout and the host's: the runner's kill grace (1 s, SIGTERM to
 * SIGKILL) and its 100 ms wait for held output, plus the shim's start-up and reply, so that a hook
 * that hangs is killed by the shim, which still answers the host with its fail-closed reply
 * before the host gives up on the shim (a host's own timeout fails open).
 */
export const shimTimeoutMarginSeconds = 2;

/**
 * The `--timeout` the shim gets inside a host timeout of `hostSeconds`: the host's less
 * {@link shimTimeoutMarginSeconds}, and never less than half of the host's.
 *
 * @example
 * ```ts
 * selectShimTimeout(60); // 58
 * selectShimTimeout(3); // 1.5
 * ```
 */
export function selectShimTimeout(hostSeconds: number): number {
  return Math.max(hostSeconds - shimTimeoutMarginSeconds, hostSeconds / 2);
}

/**
 * Variables `agent-hooks shim` sets for a hook of each format when the host does not
 * (src/shim/run-shim.ts): Claude Code and Codex hooks find their scripts through
 * `CLAUDE_PROJECT_DIR`, which the shim sets to the directory the host runs the hook in (inside
 * Codex, to the project folder Codex loaded the hook from).
 */
const shimVariables: Readonly<Partial<Record<FormatName, readonly string[]>>> = {
  claude: ["CLAUDE_PROJECT_DIR"],
  codex: ["CLAUDE_PROJECT_DIR"],
};

/**
 * Wraps every command of fitted hooks in `agent-hooks shim`, so the target runs each hook through
 * the protocol bridge: `<shimCommand> shim --hook <from> --host <to> --event <target event>
 * --timeout <s> -- '<original command>'` (an argv list becomes several words after `--`, run
 * without a shell; a Windows override is double-quoted for `cmd.exe`). Adds one note for the
 * document and one per hook whose timeout leaves less than the margin; a variable the shim sets
 * is no longer lost (its issue becomes a note).
 *
 * @example
 * ```ts
 * const wrapped = wrapShimCommands(fitHooksToFormat(read.set, hookFormats.gemini, "json"),
 *   hookFormats.gemini, { hook: "claude", shimCommand: "agent-hooks" });
 * ```
 */
export function wrapShimCommands(
  fitted: FittedHooks,
  target: HookFormat,
  wrapping: ShimWrapping,
): FittedHooks {
  const { set } = fitted;
  const issues = fitted.issues.map((issue) => reviseVariableIssue(issue, target, wrapping));
  const hooks = set.hooks.map((hook) => {
    if (hook.type !== "command") return hook;
    const shimSeconds = selectShimTimeout(hook.timeoutSeconds);
    if (hook.timeoutSeconds - shimSeconds < shimTimeoutMarginSeconds) {
      issues.push(
        createNoteIssue(
          "timeout",
          hook.origin.path,
          `the shim stops the hook after ${shimSeconds} s of ${target.title}'s ${hook.timeoutSeconds} s, less than the ${shimTimeoutMarginSeconds} s its fail-closed reply may need; a hook that hangs may meet ${target.title}'s own timeout instead`,
        ),
      );
    }
    const flags = [
      "shim",
      "--hook",
      wrapping.hook,
      "--host",
      target.name,
      "--event",
      target.events[hook.event]?.name ?? hook.event,
      "--timeout",
      String(shimSeconds),
    ];
    return {
      ...hook,
      command: wrapCommand(hook.command, `${wrapping.shimCommand} ${joinShellArguments(flags)} --`),
    };
  });
  if (hooks.some((hook) => hook.type === "command")) {
    issues.push(
      createNoteIssue(
        "commands",
        null,
        `run through ${wrapping.shimCommand} shim, which translates ${target.title}'s payload for a ${wrapping.hook} hook and its answer back, failing closed where it cannot; ${wrapping.shimCommand} must be on the PATH ${target.title} runs hooks with`,
      ),
    );
  }
  return { set: { ...set, hooks }, issues };
}

/** A lost-variable issue about a variable the shim sets, rewritten as a note. */
function reviseVariableIssue(
  issue: ConversionIssue,
  target: HookFormat,
  wrapping: ShimWrapping,
): ConversionIssue {
  const variable = issue.subject?.startsWith("$") === true ? issue.subject.slice(1) : null;
  if (issue.kind !== "lossy" || variable === null) return issue;
  if (!(shimVariables[wrapping.hook] ?? []).includes(variable)) return issue;
  return createNoteIssue(
    issue.subject ?? variable,
    issue.path,
    `${target.title} does not set ${variable}; agent-hooks shim sets it to ${target.name === "codex" ? "the project folder Codex loaded the hook from" : `the directory ${target.title} runs the hook in`}`,
  );
}

function wrapCommand(command: PortableCommand, prefix: string): PortableCommand {
  return {
    default: command.default === null ? null : `${prefix} ${joinCommand(command.default)}`,
    linux: command.linux === null ? null : `${prefix} ${joinCommand(command.linux)}`,
    osx: command.osx === null ? null : `${prefix} ${joinCommand(command.osx)}`,
    windows: command.windows === null ? null : `${prefix} ${quoteForCmd(command.windows)}`,
  };
}

/** One shell word for a command string (run by the shim with `sh -c`), several for an argv list. */
function joinCommand(command: string | readonly string[]): string {
  return typeof command === "string" ? joinShellArguments([command]) : joinShellArguments(command);
}

/** One argument for a Windows command line: double-quoted, inner quotes escaped for Node's parser. */
function quoteForCmd(command: string): string {
  return `"${command.replaceAll('"', '\\"')}"`;
}
