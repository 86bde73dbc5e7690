import { readOwn } from "../shared/read-own.js";
import { quoteShellWords } from "../shell/quote-shell-word.js";
import { shimHosts } from "../shim/hosts/shim-hosts.js";
import { braceSubstitutedVariables } from "./brace-substituted-variables.js";
import { buildFailClosedSuffix } from "./build-fail-closed-suffix.js";
import { type ConversionIssue, createNoteIssue } from "./conversion-issue.js";
import type { FittedHooks } from "./fit-hooks-to-format.js";
import type { HookFormat } from "./hook-format.js";
import type { FormatName, PortableCommand } from "./portable-hooks.js";

/** How `convert --shim` wraps each command: the two protocols and how to start `agent-hooks`. */
export interface ShimWrapping {
  /** The format the hooks were written for (`--from`): the shim's `--hook`. */
  hook: FormatName;
  /** The shell text that starts `agent-hooks` (`agent-hooks`, `npx agent-hooks`), as written. */
  shimCommand: string;
}

/**
 * Seconds between the shim's own timeout and the host's. The shim counts its `--timeout` from its
 * own process start, so its start-up is inside it; the margin holds what is not: the runner's kill
 * grace after the timeout (1 s, SIGTERM to SIGKILL) and its 100 ms wait for held output, the
 * host's shell starting the shim before the shim's clock runs, the reply, the exit and the host
 * reading it, and the late timers of a loaded machine (about 1.9 s left for those). A hook that
 * hangs is then killed by the shim, which answers with its fail-closed reply before the host gives
 * up on it (a host's own timeout fails open).
 */
export const shimTimeoutMarginSeconds = 3;

/**
 * The `--timeout` the shim gets inside a host timeout of `hostSeconds`: the host's less
 * {@link shimTimeoutMarginSeconds}, and never less than half of the host's.
 *
 * @example
 * ```ts
 * selectShimTimeout(60); // 57
 * selectShimTimeout(4); // 2
 * ```
 */
export function selectShimTimeout(hostSeconds: number): number {
  return Math.max(hostSeconds - shimTimeoutMarginSeconds, hostSeconds / 2);
}

/**
 * Wraps every command of fitted hooks in `agent-hooks shim`, so the target runs each hook through
 * the protocol bridge: `<shimCommand> shim --hook <from> --host <to> --event <target event>
 * --timeout <s> -- '<original command>'` (an argv list becomes several words after `--`, run
 * without a shell; a Windows override is double-quoted for `cmd.exe`). On an event that can
 * block, a POSIX command is followed by the fail-closed suffix ({@link buildFailClosedSuffix}): a
 * shim that cannot run blocks rather than failing open; on the others by `; exit $?`, so the
 * shim always has a shell as its parent. Variables the target replaces in the
 * command text are braced in the original command, which the shim runs with them in its
 * environment. Adds one note for the document and one per hook whose timeout leaves less than the
 * margin; a variable the shim sets is no longer lost (its issue becomes a note).
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
          `the shim stops the hook ${shimSeconds} s after it starts, of ${target.title}'s ${hook.timeoutSeconds} s, leaving less than the ${shimTimeoutMarginSeconds} s its fail-closed reply may need on a loaded machine; a hook that hangs may meet ${target.title}'s own timeout instead`,
        ),
      );
    }
    const hostEvent = readOwn(target.events, hook.event)?.name ?? hook.event;
    const flags = [
      "shim",
      "--hook",
      wrapping.hook,
      "--host",
      target.name,
      "--event",
      hostEvent,
      "--timeout",
      String(shimSeconds),
    ];
    return {
      ...hook,
      command: wrapCommand(hook.command, {
        prefix: `${wrapping.shimCommand} ${quoteShellWords(flags)} --`,
        suffix: buildFailClosedSuffix(target.name, hostEvent),
        substitutedVariables: target.substitutedVariables,
      }),
    };
  });
  if (hooks.some((hook) => hook.type === "command")) {
    issues.push(
      createNoteIssue(
        "commands",
        null,
        `run through ${wrapping.shimCommand} shim, which translates ${target.title}'s payload for a ${wrapping.hook} hook and its answer back, failing closed where it cannot (and where ${wrapping.shimCommand} cannot run, on events that can block); ${wrapping.shimCommand} must be on the PATH ${target.title} runs hooks with`,
      ),
    );
  }
  return { set: { ...set, hooks }, issues };
}

/**
 * A lost-variable issue about a variable the shim sets for a hook of the source format when the
 * host does not (its host module's `shimVariables`: Claude Code and Codex hooks find their scripts
 * through `CLAUDE_PROJECT_DIR`), rewritten as a note saying where the shim points it.
 */
function reviseVariableIssue(
  issue: ConversionIssue,
  target: HookFormat,
  wrapping: ShimWrapping,
): ConversionIssue {
  const variable = issue.subject?.startsWith("$") === true ? issue.subject.slice(1) : null;
  if (issue.kind !== "lossy" || variable === null) return issue;
  if (!shimHosts[wrapping.hook].shimVariables.includes(variable)) return issue;
  return createNoteIssue(
    issue.subject ?? variable,
    issue.path,
    `${target.title} does not set ${variable}; agent-hooks shim sets it to ${shimHosts[target.name].projectDirectory.description}`,
  );
}

/** How each command is wrapped: the shim's words before it, the POSIX suffix after it. */
interface CommandWrapping {
  prefix: string;
  suffix: string;
  substitutedVariables: readonly string[];
}

function wrapCommand(command: PortableCommand, wrapping: CommandWrapping): PortableCommand {
  const wrapPosix = (text: string | readonly string[] | null): string | null => {
    if (text === null) return null;
    // An argv list runs without a shell: its words are literal text either way.
    const braced =
      typeof text === "string"
        ? braceSubstitutedVariables(text, wrapping.substitutedVariables)
        : text;
    return `${wrapping.prefix} ${joinCommand(braced)}${wrapping.suffix}`;
  };
  return {
    default: wrapPosix(command.default),
    linux: wrapPosix(command.linux),
    osx: wrapPosix(command.osx),
    windows: command.windows === null ? null : `${wrapping.prefix} ${quoteForCmd(command.windows)}`,
  };
}

/** One shell word for a command string (run by the shim with `sh -c`), several for an argv list. */
function joinCommand(command: string | readonly string[]): string {
  const argv = typeof command === "string" ? [command] : command;
  return quoteShellWords(argv, { expandProgramHome: true });
}

/** One argument for a Windows command line: double-quoted, inner quotes escaped for Node's parser. */
function quoteForCmd(command: string): string {
  return `"${command.replaceAll('"', '\\"')}"`;
}
