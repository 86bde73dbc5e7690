import type { Command } from "commander";
import pc from "picocolors";
import { type DiscoveryOptions, describeConfigFiles } from "../../config/discover-config-files.js";
import type { Profile } from "../../profiles/profile.js";
import { addEngineOptions, type EngineFlags, toEngineOptions } from "../shared-options.js";
import { resolveDiscoveryOptions } from "./resolve-discovery-options.js";

/**
 * `agent-hooks config path`: the resolved configuration files, in configuration order, and whether
 * each exists (for `claude`: the managed settings file, the settings files and enabled plugins' files).
 */
export function registerConfigCommand(program: Command): void {
  const config = program
    .command("config")
    .description("inspect where configuration is read from")
    .addHelpText(
      "after",
      `
Examples:
  $ agent-hooks config path
  $ agent-hooks config path --profile claude --json`,
    );
  addEngineOptions(
    config
      .command("path")
      .description("print the resolved configuration path(s) and whether each exists")
      .option("--json", "print the paths as JSON")
      .addHelpText(
        "after",
        `
Examples:
  $ agent-hooks config path
  $ agent-hooks config path --profile zerocode --cwd ~/src/project --json`,
      ),
    "discovery",
  ).action(async (flags: EngineFlags & { json?: boolean }) => {
    const { profile } = toEngineOptions(flags);
    const files = await describeFiles(profile, resolveDiscoveryOptions(flags));
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(files, null, 2)}\n`);
      return;
    }
    for (const entry of files) {
      const state = entry.exists ? pc.green("exists") : pc.yellow("missing");
      process.stdout.write(`${entry.file}  ${pc.dim(`(${entry.layer})`)}  ${state}\n`);
    }
  });
}

async function describeFiles(
  profile: Profile,
  options: DiscoveryOptions,
): Promise<{ file: string; layer: string; exists: boolean }[]> {
  if (profile.discovery !== "managed-then-locations") return describeConfigFiles(profile, options);
  // Claude Code's layers (managed settings, plugins) are listed by their own discoverer.
  const { describeClaudeFiles } = await import("../../config/discoverers/describe-claude-files.js");
  return describeClaudeFiles(profile, options);
}
