import type { Command } from "commander";
import { readPackageVersion } from "./read-package-version.js";
import { UsageError } from "./usage-error.js";

// What loads statically here is on every command's start-up path, `--version` included: keep it
// to Node built-ins and these small files. Commander and each command are imported when used.

/** Registers one command on the program; `CommandLoaders` imports it only when it is needed. */
export type RegisterCommand = (program: Command) => void;

/** Each command's name and how to import its `register…Command`, loaded only when named. */
export type CommandLoaders = Readonly<Record<string, () => Promise<RegisterCommand>>>;

/**
 * Builds the `agent-hooks` program with the command `argv` names (as in `process.argv`), none
 * for `-v`, or every command of `loaders` when it names none of them (help, a typo).
 *
 * @example
 * ```ts
 * const program = await buildProgram(["node", "agent-hooks", "dispatch"], commandLoaders);
 * ```
 */
export async function buildProgram(
  argv: readonly string[],
  loaders: CommandLoaders,
): Promise<Command> {
  const { Command } = await import("commander");
  const program = new Command("agent-hooks")
    .description(
      "Run AI coding agents' hooks: dispatch events, replay sessions, validate configuration",
    )
    .version(readPackageVersion(), "-v, --version", "print the version")
    .showSuggestionAfterError()
    .exitOverride();
  const named = argv[2];
  // `-v` needs no command: loading them all would double its time.
  const needed = isVersionFlag(named)
    ? []
    : named !== undefined && Object.hasOwn(loaders, named)
      ? [loaders[named] as () => Promise<RegisterCommand>]
      : Object.values(loaders);
  for (const register of await Promise.all(needed.map((load) => load()))) register(program);
  for (const command of [
    program,
    ...program.commands,
    ...program.commands.flatMap((c) => c.commands),
  ]) {
    command.exitOverride();
    command.configureOutput({ writeErr: (text) => process.stderr.write(text) });
  }
  return program;
}

/**
 * Runs the program on `argv` (as in `process.argv`) with the commands of `loaders`: sets the exit
 * code, exits 1 on usage errors and 2 on internal errors (the CLI's only `process.exit`).
 *
 * @example
 * ```ts
 * await runProgram(process.argv, commandLoaders);
 * ```
 */
export async function runProgram(argv: readonly string[], loaders: CommandLoaders): Promise<void> {
  // Commander would print the same line; answering first spares `--version` loading it.
  if (isVersionFlag(argv[2])) {
    process.stdout.write(`${readPackageVersion()}\n`);
    return;
  }
  try {
    await (await buildProgram(argv, loaders)).parseAsync([...argv]);
  } catch (error) {
    const { CommanderError } = await import("commander");
    if (error instanceof CommanderError) {
      process.exit(error.exitCode === 0 ? 0 : 1);
    }
    if (error instanceof UsageError) {
      process.stderr.write(`agent-hooks: ${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(
      `agent-hooks: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(2);
  }
}

function isVersionFlag(argument: string | undefined): boolean {
  return argument === "-v" || argument === "--version";
}
