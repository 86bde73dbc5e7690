import path from "node:path";
import type { Command } from "commander";
import type { Profile } from "../profiles/profile.js";
import { findProfile, profiles } from "../profiles/profiles.js";

/** Options every engine-loading command accepts. */
export interface EngineFlags {
  profile: string;
  config?: string[];
  cwd?: string;
  session?: string;
  home?: string;
  systemDir?: string;
  managedSettings?: string;
  dangerouslyBypassHookTrust?: boolean;
  auditLog?: string;
  auditPayloads?: boolean;
}

/** A command-line mistake: printed as one line, exit code 1. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Adds the engine flags (`--profile`, `--config`, `--cwd`, `--home`, …) to a command. */
export function addEngineOptions(command: Command, defaultProfile = "deepagents"): Command {
  return command
    .option(
      "--profile <name>",
      `hook system profile (${Object.keys(profiles).join(", ")})`,
      defaultProfile,
    )
    .option(
      "--config <file>",
      "configuration file to read instead of discovery (repeatable)",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option("--cwd <dir>", "session working directory (default: the current directory)")
    .option("--session <id>", "session id filled into payloads that carry none")
    .option("--home <dir>", "home directory to discover configuration under (default: $HOME)")
    .option("--system-dir <dir>", "system configuration directory (zerocode: default /etc/zerotwo)")
    .option("--managed-settings <file>", "managed settings file read first (claude profile)")
    .option(
      "--dangerously-bypass-hook-trust",
      "run enabled hooks without persisted trust, for this invocation only",
    )
    .option("--audit-log <file>", "append a JSON line per hook run and per dispatch to this file")
    .option("--audit-payloads", "also write payloads and hook output text to the audit log");
}

/** Resolves `--profile` or throws a usage error naming the built-in profiles. */
export function resolveProfileFlag(name: string): Profile {
  const profile = findProfile(name);
  if (profile === undefined) {
    throw new UsageError(
      `unknown profile "${name}" (choose from: ${Object.keys(profiles).join(", ")})`,
    );
  }
  return profile;
}

/** Turns the shared flags into `createHookEngine` options. */
export function toEngineOptions(flags: EngineFlags) {
  const profile = resolveProfileFlag(flags.profile);
  return {
    profile,
    ...(flags.config !== undefined && { configFiles: resolveConfigFlags(flags.config) }),
    ...(flags.cwd !== undefined && { cwd: flags.cwd }),
    ...(flags.session !== undefined && { sessionId: flags.session }),
    ...(flags.home !== undefined && { home: flags.home }),
    ...(flags.systemDir !== undefined && { systemDir: path.resolve(flags.systemDir) }),
    ...(flags.managedSettings !== undefined && {
      managedSettings: path.resolve(flags.managedSettings),
    }),
    ...(flags.dangerouslyBypassHookTrust === true && { bypassHookTrust: true }),
    ...(flags.auditLog !== undefined && { auditLog: path.resolve(flags.auditLog) }),
    ...(flags.auditPayloads === true && { auditPayloads: true }),
  };
}

/** `--config` paths are relative to the shell's directory, not to `--cwd`. */
export function resolveConfigFlags(files: readonly string[]): string[] {
  return files.map((file) => (file.startsWith("~") ? file : path.resolve(file)));
}
