import { statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Command } from "commander";
import { findGitRoot } from "../../config/find-git-root.js";
import { saveProjectTrust } from "../../config/write-project-trust.js";
import { resolveProfileFlag, UsageError } from "../shared-options.js";

/** Flags of `agent-hooks trust-project`. */
interface TrustProjectFlags {
  profile: string;
  home?: string;
  cwd?: string;
}

/**
 * `agent-hooks trust-project [dir]`: trusts a project's `.zerotwo/` layer by writing
 * `[projects."<git root>"] trust_level = "trusted"` into `~/.zerotwo/config.toml`.
 */
export function registerTrustProjectCommand(program: Command): void {
  program
    .command("trust-project")
    .description(
      "trust a project's hooks: record its git root as trusted in ~/.zerotwo/config.toml",
    )
    .argument("[dir]", "a directory in the project (default: the current directory)")
    .option("--profile <name>", "hook system profile (only zerocode has project trust)", "zerocode")
    .option("--home <dir>", "home directory whose config.toml is edited (default: $HOME)")
    .option(
      "--cwd <dir>",
      "directory to trust when [dir] is omitted (default: the current directory)",
    )
    .addHelpText(
      "after",
      `
Examples:
  $ agent-hooks trust-project
  $ agent-hooks trust-project ~/src/project --home /tmp/home`,
    )
    .action(async (directory: string | undefined, flags: TrustProjectFlags) => {
      const profile = resolveProfileFlag(flags.profile);
      if (profile.discovery !== "layered-walk") {
        throw new UsageError(
          `profile "${profile.name}" has no project trust; use --profile zerocode`,
        );
      }
      const start = path.resolve(directory ?? flags.cwd ?? process.cwd());
      if (!isDirectory(start)) throw new UsageError(`${start} is not a directory`);
      const projectRoot = findGitRoot(start) ?? start;
      const home = path.resolve(flags.home ?? os.homedir());
      const configFile = path.join(home, ".zerotwo", "config.toml");
      const saved = await saveProjectTrust(configFile, projectRoot);
      if (!saved.ok) {
        process.stderr.write(
          `agent-hooks: cannot trust ${projectRoot}: ${saved.file}: ${saved.error}\n`,
        );
        process.exitCode = 1;
        return;
      }
      const what =
        saved.change === "unchanged"
          ? `${projectRoot} is already trusted in ${saved.file}`
          : `Trusted ${projectRoot}: ${saved.change === "added" ? "added" : "set"} trust_level = "trusted" under [projects."${projectRoot}"] in ${saved.file}`;
      process.stdout.write(`${what}\n`);
    });
}

function isDirectory(directory: string): boolean {
  try {
    return statSync(directory).isDirectory();
  } catch {
    return false;
  }
}
