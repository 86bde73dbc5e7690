import type { Command } from "commander";
import { formatHookTestReport } from "../../testing/format-hook-test-report.js";
import { runHookTests } from "../../testing/run-hook-tests.js";
import { resolveProfileFlag, UsageError } from "../shared-options.js";

/** `agent-hooks test [files…]`: runs hook test case files through the real engine. */
export function registerTestCommand(program: Command): void {
  program
    .command("test")
    .description("run hook test cases (JSON or YAML case files) through the real engine")
    .argument("<files...>", "case files")
    .option("--profile <name>", "profile of cases that name none (default: deepagents)")
    .option("--json", "print the results as JSON")
    .action(async (files: string[], flags: { profile?: string; json?: boolean }) => {
      if (files.length === 0) throw new UsageError("name at least one case file");
      if (flags.profile !== undefined) resolveProfileFlag(flags.profile);
      const report = await runHookTests(files, {
        ...(flags.profile !== undefined && { profile: flags.profile }),
      });
      process.stdout.write(
        flags.json === true ? `${JSON.stringify(report, null, 2)}\n` : formatHookTestReport(report),
      );
      if (report.failed > 0) process.exitCode = 1;
    });
}
