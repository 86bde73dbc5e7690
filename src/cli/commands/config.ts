import type { Command } from "commander";
import pc from "picocolors";
import { describeConfigFiles } from "../../config/discover-config-files.js";
import { addEngineOptions, type EngineFlags, toEngineOptions } from "../shared-options.js";
import { resolveDiscoveryOptions } from "./resolve-discovery-options.js";

/** `agent-hooks config path`: the resolved configuration files and whether each exists. */
export function registerConfigCommand(program: Command): void {
  const config = program.command("config").description("inspect where configuration is read from");
  addEngineOptions(
    config
      .command("path")
      .description("print the resolved configuration path(s) and whether each exists")
      .option("--json", "print the paths as JSON"),
  ).action((flags: EngineFlags & { json?: boolean }) => {
    const { profile } = toEngineOptions(flags);
    const files = describeConfigFiles(profile, resolveDiscoveryOptions(flags));
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
