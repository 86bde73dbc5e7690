import path from "node:path";
import type { Command } from "commander";
import { formatHookTestReport } from "../../testing/format-hook-test-report.js";
import { runHookTests } from "../../testing/run-hook-tests.js";
import { chooseProfile, UsageError } from "../shared-options.js";

interface TestFlags {
  profile?: string;
  json?: boolean;
  auditLog?: string;
  auditPayloads?: boolean;
  cwd?: string;
  home?: string;
  sandbox?: boolean;
}

/** `agent-hooks test [files…]`: runs hook test case files through the real engine. */
export function registerTestCommand(program: Command): void {
  program
    .command("test")
    .description("run hook test cases (JSON or YAML case files) through the real engine")
    .argument("<files...>", "case files")
    .option(
      "--profile <name>",
      "profile of cases that name none (default: detected from the cwd and home, else deepagents)",
    )
    .option("--json", "print the results as JSON")
    .option("--cwd <dir>", "project directory cases run in (default: the current directory)")
    .option("--home <dir>", "home directory cases run with, and what ~/ means (default: yours)")
    .option(
      "--sandbox",
      "run cases in a temporary working directory and home unless they say otherwise",
    )
    .option("--audit-log <file>", "append a JSON line per hook run and per dispatch to this file")
    .option("--audit-payloads", "also write payloads and hook output text to the audit log")
    .addHelpText(
      "after",
      `
Examples:
  $ agent-hooks test hooks.test.yaml
  $ agent-hooks test --profile claude --sandbox tests/*.json
  $ agent-hooks test cases.yaml --json

A case in which no hook ran fails unless it expects that: expect: { hooksRun: 0 }.
Exit codes: 0 every case passed, 1 a case failed or a usage error, 2 internal error.`,
    )
    .action(async (files: string[], flags: TestFlags) => {
      if (files.length === 0) throw new UsageError("name at least one case file");
      // As every command: --profile, else detected, and a hint when the project's configuration
      // is in a folder above the working directory. The line naming the detected profile is
      // printed only when a case ran with it.
      const lines: string[] = [];
      const profile = chooseProfile(flags, (text) => lines.push(text));
      const [profileLine = "", ...hints] = flags.profile === undefined ? lines : ["", ...lines];
      const report = await runHookTests(files, {
        profile: profile.name,
        ...(flags.cwd !== undefined && { cwd: path.resolve(flags.cwd) }),
        ...(flags.home !== undefined && { home: path.resolve(flags.home) }),
        ...(flags.sandbox === true && { sandbox: true }),
        ...(flags.auditLog !== undefined && { auditLog: path.resolve(flags.auditLog) }),
        ...(flags.auditPayloads === true && { auditPayloads: true }),
      });
      if (report.results.some((result) => result.defaultProfile)) process.stderr.write(profileLine);
      for (const hint of hints) process.stderr.write(hint);
      process.stdout.write(
        flags.json === true ? `${JSON.stringify(report, null, 2)}\n` : formatHookTestReport(report),
      );
      if (report.failed > 0) process.exitCode = 1;
    });
}
