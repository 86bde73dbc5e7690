import os from "node:os";
import path from "node:path";
import type { Command } from "commander";
import { detectProfile } from "../config/detect-profile.js";
import { describeConfigAbove, findConfigAbove } from "../config/find-config-above.js";
import { suggestName } from "../config/suggest-name.js";
import type { Profile } from "../profiles/profile.js";
import { findProfile, type ProfileName, profiles } from "../profiles/profiles.js";
import { UsageError } from "./usage-error.js";

/** Options every engine-loading command accepts. */
export interface EngineFlags {
  /** Absent when not given: the profile is then detected (see `chooseProfile`). */
  profile?: string;
  config?: string[];
  cwd?: string;
  session?: string;
  home?: string;
  systemDir?: string;
  managedSettings?: string;
  dangerouslyBypassHookTrust?: boolean;
  auditLog?: string;
  auditPayloads?: boolean;
  prewarm?: boolean;
}

// Its own file, so that main.ts can catch it without loading the profiles.
export { UsageError } from "./usage-error.js";

/**
 * Which engine flags a command lists: `discovery` (profile, configuration files, directories),
 * `run` (also `--session` and the trust bypass), `audit` (also the audit log and `--prewarm`:
 * the commands that dispatch, `dispatch`, `replay` and `serve`).
 */
export type EngineFlagScope = "discovery" | "run" | "audit";

/** Adds the engine flags (`--profile`, `--config`, `--cwd`, `--home`, …) that `scope` covers. */
export function addEngineOptions(command: Command, scope: EngineFlagScope = "audit"): Command {
  command
    .option(
      "--profile <name>",
      `hook system profile (${Object.keys(profiles).join(", ")}; default: detected from the cwd and home, else ${fallbackProfileName})`,
    )
    .option(
      "--config <file>",
      "configuration file to read instead of discovery (repeatable)",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option("--cwd <dir>", "session working directory (default: the current directory)")
    .option("--home <dir>", "home directory to discover configuration under (default: $HOME)")
    .option(
      "--system-dir <dir>",
      "system configuration directory (zerocode: default /etc/zerotwo; codex: /etc/codex)",
    )
    .option("--managed-settings <file>", "managed settings file read first (claude profile)");
  if (scope === "discovery") return command;
  command
    .option("--session <id>", "session id filled into payloads that carry none")
    .option(
      "--dangerously-bypass-hook-trust",
      "run enabled hooks without persisted trust, for this invocation only",
    );
  if (scope === "run") return command;
  return command
    .option("--audit-log <file>", "append a JSON line per hook run and per dispatch to this file")
    .option("--audit-payloads", "also write payloads and hook output text to the audit log")
    .option(
      "--prewarm",
      "keep a standby process of each command hook, started after its first run, for its next event",
    );
}

/** Resolves `--profile` or throws a usage error naming the built-in profiles. */
export function resolveProfileFlag(name: string): Profile {
  const profile = findProfile(name);
  if (profile === undefined) {
    throw new UsageError(
      `unknown profile "${name}"${suggestName(name, Object.keys(profiles))} (choose from: ${Object.keys(profiles).join(", ")})`,
    );
  }
  return profile;
}

/** The profile every command uses when `--profile` is absent and no configuration is detected. */
export const fallbackProfileName: ProfileName = "deepagents";

/**
 * A command's profile: `--profile` when given (nothing is printed); else, with `--config`, the
 * fallback (discovery is replaced, so there is nothing to detect); else the profile whose
 * configuration `detectProfile` finds under `--cwd` and `--home`, else the fallback. Without
 * `--profile`, one `agent-hooks: profile <name> (<reason>)` line on stderr says which and why.
 * Without `--config`, when the working directory holds no project configuration of the profile
 * (of any profile when none was detected) but a folder above it does, one more line names it and
 * `--cwd`.
 */
export function chooseProfile(
  flags: Pick<EngineFlags, "profile" | "config" | "cwd" | "home">,
  writeStderr: (text: string) => void = (text) => process.stderr.write(text),
): Profile {
  const place = {
    cwd: path.resolve(flags.cwd ?? process.cwd()),
    home: path.resolve(flags.home ?? os.homedir()),
  };
  if (flags.profile !== undefined) {
    const profile = resolveProfileFlag(flags.profile);
    if (flags.config === undefined) writeConfigAboveHint(place, profile, writeStderr);
    return profile;
  }
  let name = fallbackProfileName;
  let reason = "the default: no hook configuration found under the cwd or home";
  let detected = false;
  if (flags.config !== undefined) {
    reason = "the default: --config replaces discovery";
  } else {
    const found = detectProfile(place);
    if (found !== null) ({ profile: name, reason } = found);
    detected = found !== null;
  }
  writeStderr(`agent-hooks: profile ${name} (${reason}; --profile overrides)\n`);
  if (flags.config === undefined) {
    writeConfigAboveHint(place, detected ? profiles[name] : undefined, writeStderr);
  }
  return profiles[name];
}

// Run from a subfolder of a project, discovery finds none of its files: say where they are.
function writeConfigAboveHint(
  place: { cwd: string; home: string },
  profile: Profile | undefined,
  writeStderr: (text: string) => void,
): void {
  const above = findConfigAbove(place, profile);
  if (above !== null) writeStderr(`agent-hooks: ${describeConfigAbove(above, place.cwd)}\n`);
}

/** Turns the shared flags into `createHookEngine` options. */
export function toEngineOptions(flags: EngineFlags) {
  const profile = chooseProfile(flags);
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
    ...(flags.prewarm === true && { prewarm: true }),
  };
}

/** `--config` paths are relative to the shell's directory, not to `--cwd`. */
export function resolveConfigFlags(files: readonly string[]): string[] {
  return files.map((file) => (file.startsWith("~") ? file : path.resolve(file)));
}
