import { changeShellDirectory } from "./change-shell-directory.js";
import type { ClassifiedCommand, CommandKind } from "./classify-command.js";
import type { CommandContext } from "./command-context.js";
import {
  findAliasCode,
  findEnabledLibrary,
  findSourcedFile,
  findTrapCode,
} from "./find-builtin-code.js";
import { findEnvCommand } from "./find-env-command.js";
import { findExecCommands } from "./find-exec-commands.js";
import { findInterpreterCode } from "./find-interpreter-code.js";
import { findPackageRunnerCommand } from "./find-package-runner-command.js";
import { findProgramCode } from "./find-program-code.js";
import { findProgramPathCode } from "./find-program-path-code.js";
import { findShellStartupFiles } from "./find-shell-startup-files.js";
import { findTaskRunnerCode } from "./find-task-runner-code.js";
import { findUnknownProgramCode } from "./find-unknown-program-code.js";
import { findUserSiteCode } from "./find-user-site-code.js";
import { findWrapperCommand } from "./find-wrapper-command.js";
import { flagWord, type ProgramFinding } from "./hook-finding.js";
import type { CommandStep } from "./program-step.js";

type CommandHandler<K extends CommandKind> = (
  command: ClassifiedCommand<K>,
  context: CommandContext,
) => CommandStep[];

const keepState: CommandStep = { kind: "keep-state" };
const exit: CommandStep = { kind: "exit" };

/**
 * How each kind of simple command is read: a pure function from its words and context to the
 * steps the walker takes. A program (anything from `env` on) first has its path and configuration
 * checked (`findProgramPathCode`); `keep-state` where the command's outcome is the state it
 * started in (what it changes is its own: a task runner's `-C`, an interpreter's `-C`).
 */
export const commandHandlers: { readonly [K in CommandKind]: CommandHandler<K> } = {
  "not-known": (command) => flag(command.words, `the program is ${command.reason}`),
  none: () => [],
  source: (command) => findSourcedFile(command.words),
  trap: (command) => findTrapCode(command.words),
  enable: (command) => findEnabledLibrary(command.words),
  alias: (command) => findAliasCode(command.words),
  directory: (command, context) => [
    {
      kind: "change-directory",
      outcome: changeShellDirectory(command.words, context.state, context),
    },
  ],
  exit: () => [exit],
  find: (command) => findExecCommands(command.words),
  parallel: (command) => [
    {
      kind: "finding",
      finding: flagWord(
        command.words.map((word) => word.word.source).join(" "),
        "GNU parallel runs commands built when it runs",
      ),
    },
  ],
  env: (command, context) => [
    ...findProgramPathCode(command, context),
    ...findEnvCommand(command.words),
  ],
  "task-runner": (command, context) => [
    ...findProgramPathCode(command, context),
    keepState,
    ...findTaskRunnerCode(command.key, command.operands),
  ],
  "package-runner": (command, context) => [
    ...findProgramPathCode(command, context),
    ...findPackageRunnerCommand(command.operands),
  ],
  wrapper: (command, context) => [
    ...findProgramPathCode(command, context),
    ...findWrapperCommand(command.rule, command.operands),
    // `exec cmd`: the shell is replaced; nothing after it runs.
    ...(command.text === "exec" ? [exit] : []),
  ],
  interpreter: (command, context) => {
    const label = command.words[0]?.word.source ?? "";
    const operands = command.words.slice(1);
    return [
      ...findProgramPathCode(command, context),
      keepState,
      ...findInterpreterCode(label, command.rule, operands),
      ...findings(findUserSiteCode(label, command.rule, operands, context.home, context.lookup)),
      ...findings(findShellStartupFiles(command.name, operands, context)),
    ];
  },
  program: (command, context) => [
    ...findProgramPathCode(command, context),
    keepState,
    ...findProgramCode(command.name, command.rule, command.words.slice(1), context),
  ],
  other: (command, context) => [
    ...findProgramPathCode(command, context),
    ...findUnknownProgramCode(command, context),
  ],
};

/**
 * The steps of one simple command: its kind's handler (see `commandHandlers`) over its words.
 *
 * @example
 * findCommandSteps(classifyCommand(words("sh", "./a.sh")), context); // → [keep state, script ./a.sh, …]
 */
export function findCommandSteps<K extends CommandKind>(
  command: ClassifiedCommand<K>,
  context: CommandContext,
): CommandStep[] {
  const handler: CommandHandler<K> = commandHandlers[command.kind];
  return handler(command, context);
}

function flag(words: ClassifiedCommand["words"], reason: string): CommandStep[] {
  const source = words[0]?.word.source ?? "";
  return [{ kind: "finding", finding: flagWord(source, reason) }];
}

function findings(list: readonly ProgramFinding[]): CommandStep[] {
  return list.map((finding) => ({ kind: "finding", finding }));
}
