import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { registerConfigCommand } from "./commands/config.js";
import { registerConvertCommand } from "./commands/convert.js";
import { registerDispatchCommand } from "./commands/dispatch.js";
import { registerHooksCommand } from "./commands/hooks.js";
import { registerMigrateCommand } from "./commands/migrate.js";
import { registerReplayCommand } from "./commands/replay.js";
import { registerTrustProjectCommand } from "./commands/trust-project.js";
import { registerValidateCommand } from "./commands/validate.js";
import { UsageError } from "./shared-options.js";

/** Builds the `agent-hooks` command-line program. */
export function createProgram(): Command {
  const { version } = JSON.parse(
    readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
  ) as { version: string };
  const program = new Command("agent-hooks")
    .description(
      "Run AI coding agents' hooks: dispatch events, replay sessions, validate configuration",
    )
    .version(version)
    .showSuggestionAfterError()
    .exitOverride();
  registerDispatchCommand(program);
  registerReplayCommand(program);
  registerValidateCommand(program);
  registerConfigCommand(program);
  registerTrustProjectCommand(program);
  registerHooksCommand(program);
  registerConvertCommand(program);
  registerMigrateCommand(program);
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

/** Runs the CLI on `argv` (as in `process.argv`); sets the exit code, exits 1 on usage errors. */
export async function runCli(argv: readonly string[]): Promise<void> {
  try {
    await createProgram().parseAsync([...argv]);
  } catch (error) {
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
