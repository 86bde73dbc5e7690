import type { Command } from "commander";
import { buildProgram, type CommandLoaders, runProgram } from "./run-program.js";

// Adding a command: one line here, a dynamic import; never a static import in this file or in
// run-program.ts, which every command (and `--version`) loads first.

/** How each command registers itself, loaded only when needed: a cold start loads one command. */
const commandLoaders: CommandLoaders = {
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
  shim: async () => (await import("./commands/shim.js")).registerShimCommand,
};

/**
 * Builds the `agent-hooks` command-line program with the command `argv` names (as in
 * `process.argv`), none for `-v`, or every command when it names none (help, a typo).
 *
 * @example
 * ```ts
 * const program = await createProgram(["node", "agent-hooks", "dispatch"]);
 * ```
 */
export function createProgram(argv: readonly string[] = []): Promise<Command> {
  return buildProgram(argv, commandLoaders);
}

/**
 * Runs the CLI on `argv` (as in `process.argv`); sets the exit code, exits 1 on usage errors.
 *
 * @example
 * ```ts
 * await runCli(process.argv);
 * ```
 */
export function runCli(argv: readonly string[]): Promise<void> {
  return runProgram(argv, commandLoaders);
}
