import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { UsageError } from "./shared-options.js";

/** How each command registers itself, loaded only when needed: a cold start loads one command. */
const commandLoaders: Readonly<Record<string, () => Promise<(program: Command) => void>>> = {
  dispatch: async () => (await import("./commands/dispatch.js")).registerDispatchCommand,
  replay: async () => (await import("./commands/replay.js")).registerReplayCommand,
  validate: async () => (await import("./commands/validate.js")).registerValidateCommand,
  config: async () => (await import("./commands/config.js")).registerConfigCommand,
  "trust-project": async () =>
    (await import("./commands/trust-project.js")).registerTrustProjectCommand,
  hooks: async () => (await import("./commands/hooks.js")).registerHooksCommand,
  convert: async () => (await import("./commands/convert.js")).registerConvertCommand,
  migrate: async () => (await import("./commands/migrate.js")).registerMigrateCommand,
  test: async () => (await import("./commands/test.js")).registerTestCommand,
  serve: async () => (await import("./commands/serve.js")).registerServeCommand,
  explain: async () => (await import("./commands/explain.js")).registerExplainCommand,
  report: async () => (await import("./commands/report.js")).registerReportCommand,
};

/**
 * Builds the `agent-hooks` command-line program with the command `argv` names (as in
 * `process.argv`), none for `-v`, or every command when it names none (help, a typo).
 */
export async function createProgram(argv: readonly string[] = []): Promise<Command> {
  const { version } = JSON.parse(
    readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
  ) as { version: string };
  const program = new Command("agent-hooks")
    .description(
      "Run AI coding agents' hooks: dispatch events, replay sessions, validate configuration",
    )
    .version(version, "-v, --version", "print the version")
    .showSuggestionAfterError()
    .exitOverride();
  const named = argv[2];
  // `-v` needs no command: loading them all would double its time.
  const loaders =
    named === "-v" || named === "--version"
      ? []
      : named !== undefined && Object.hasOwn(commandLoaders, named)
        ? [commandLoaders[named] as () => Promise<(program: Command) => void>]
        : Object.values(commandLoaders);
  for (const register of await Promise.all(loaders.map((load) => load()))) register(program);
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
    await (await createProgram(argv)).parseAsync([...argv]);
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
