import type { Command } from "commander";
import { formatIssueLine } from "../../convert/conversion-issue.js";
import { migrateEventHooks } from "../../event-stream/migrate-event-hooks.js";
import { readInput } from "../read-input.js";
import { UsageError } from "../shared-options.js";

/**
 * `agent-hooks migrate <file>`: prints the decision form of an event-stream (list form)
 * `hooks.json`; one stderr line per entry or event without an equivalent; exit 3 when lossy.
 */
export function registerMigrateCommand(program: Command): void {
  program
    .command("migrate")
    .description(
      "rewrite an event-stream hooks.json (list form) into the Deep Agents Code decision form; what has no equivalent is listed on stderr (exit 3)",
    )
    .argument("<file>", "list-form hooks.json to migrate, or - for standard input")
    .addHelpText(
      "after",
      `
Examples:
  $ agent-hooks migrate hooks.json > hooks.decision.json
  $ cat hooks.json | agent-hooks migrate -

Exit codes: 0 migrated, 1 usage error, 2 internal error, 3 migrated with losses (listed on stderr).`,
    )
    .action(async (file: string) => {
      const text = await readInput(file);
      const result = migrateEventHooks(text, file === "-" ? "standard input" : file);
      if (!result.ok) throw new UsageError(result.error);
      for (const issue of result.issues) {
        process.stderr.write(`${formatIssueLine("migrate", issue)}\n`);
      }
      process.stdout.write(result.output);
      if (result.lossy) process.exitCode = 3;
    });
}
