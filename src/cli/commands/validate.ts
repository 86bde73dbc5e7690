import type { Command } from "commander";
import pc from "picocolors";
import type { Diagnostic } from "../../diagnostic.js";
import { loadHookSnapshot } from "../../engine/load-hook-snapshot.js";
import { checkBashOnlySyntax } from "../../trust/check-bash-only-syntax.js";
import { checkHookScripts } from "../../trust/check-hook-scripts.js";
import { formatDiagnostic } from "../format-diagnostic.js";
import { addEngineOptions, type EngineFlags, toEngineOptions } from "../shared-options.js";
import { resolveDiscoveryOptions } from "./resolve-discovery-options.js";

// Warnings whose handlers can never run (an event the profile does not have, an `if` on an event
// without one): the configuration loads, but what it says will not happen, so validate fails.
const neverRunCodes: ReadonlySet<Diagnostic["code"]> = new Set([
  "unknown_event",
  "if_not_supported",
] as const);

/**
 * `agent-hooks validate`: loads the configuration and prints its diagnostics; exit 1 on any error
 * and on any warning whose handlers can never run.
 */
export function registerValidateCommand(program: Command): void {
  addEngineOptions(
    program
      .command("validate")
      .description(
        "check the configuration and print every diagnostic (exit 1 on errors and hooks that can never run)",
      )
      .option("--json", "print the diagnostics as JSON")
      .addHelpText(
        "after",
        `
Examples:
  $ agent-hooks validate
  $ agent-hooks validate --profile claude --json
  $ agent-hooks validate --config examples/hooks.json

Exit codes: 0 no error diagnostic, 1 an error diagnostic, a warning whose hooks can never run
(unknown_event, if_not_supported) or a usage error, 2 internal error.`,
      ),
    "discovery",
  ).action(async (flags: EngineFlags & { json?: boolean }) => {
    const { profile } = toEngineOptions(flags);
    const discovery = resolveDiscoveryOptions(flags);
    const loaded = await loadHookSnapshot(profile, { ...discovery, trust: false });
    const { compiled } = loaded;
    const scripts = checkHookScripts(loaded.definitions, {
      cwd: discovery.cwd,
      home: discovery.home,
      projectDirectoryVariables: profile.projectDirectoryVariables,
      shell: profile.shell,
    });
    const diagnostics = [
      ...loaded.diagnostics,
      ...scripts,
      ...checkBashOnlySyntax(loaded.definitions, profile),
    ];
    const handlerCount = [...compiled.byEvent.values()].reduce((sum, list) => sum + list.length, 0);
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === "error").length;
    const neverRun = diagnostics.filter(
      (diagnostic) => diagnostic.severity === "warning" && neverRunCodes.has(diagnostic.code),
    ).length;
    if (flags.json) {
      const files = loaded.sources.map((source) => source.file);
      process.stdout.write(
        `${JSON.stringify({ profile: profile.name, files, handlers: handlerCount, diagnostics }, null, 2)}\n`,
      );
    } else {
      for (const diagnostic of diagnostics)
        process.stdout.write(`${formatDiagnostic(diagnostic)}\n`);
      const warnings = diagnostics.filter((diagnostic) => diagnostic.severity === "warning").length;
      const never = neverRun === 0 ? "" : ` (${neverRun} that can never run)`;
      const summary = `${handlerCount} handler${handlerCount === 1 ? "" : "s"} loaded from ${loaded.sources.length === 0 ? "no configuration file" : loaded.sources.map((source) => source.file).join(", ")}; ${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}${never}`;
      process.stdout.write(`${errors + neverRun > 0 ? pc.red(summary) : pc.green(summary)}\n`);
    }
    if (errors + neverRun > 0) process.exitCode = 1;
  });
}
