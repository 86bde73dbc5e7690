import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";
import type { HookCommand } from "../config/hook-definition.js";
import { splitDirectCommand } from "../shell/split-direct-command.js";
import { emulateShellEnvironment } from "./emulate-shell-environment.js";

/** The program, arguments, environment and quoting mode one command runs with (read-only). */
export interface Invocation {
  file: string;
  args: readonly string[];
  /** The environment without undefined values, plus what the skipped shell would have set. */
  env: Readonly<Record<string, string>>;
  windowsVerbatimArguments: boolean;
  /** True when a command string was split and runs without its shell. */
  direct: boolean;
}

/** Where and how a command runs. */
export interface InvocationOptions {
  shell: "sh" | "bash" | "powershell";
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Run a string with no shell syntax without the shell (default true; POSIX only). */
  directExec?: boolean;
}

/** Resolved invocations by frozen environment, then by shell, cwd, mode and command. */
const resolved = new WeakMap<object, Map<string, Invocation | string>>();
/** Commands remembered per environment; beyond this the map starts over. */
const maximumRemembered = 256;

/**
 * Maps a command to the program to run: an argv list directly; a string without shell syntax
 * split and run directly (see `splitDirectCommand`), with the variables the shell would have
 * exported; any other string through the shell. Returns a message when there is nothing to run.
 * With a frozen `env` (the engine freezes each hook's), the answer is computed once and reused:
 * the file-system checks behind `PWD` and `_` then run once per hook, not once per event.
 */
export function resolveInvocation(
  command: HookCommand,
  options: InvocationOptions,
): Invocation | string {
  if (!Object.isFrozen(options.env)) return computeInvocation(command, options);
  let byCommand = resolved.get(options.env);
  if (byCommand === undefined) {
    byCommand = new Map();
    resolved.set(options.env, byCommand);
  }
  const key = `${options.shell}\u0000${options.cwd}\u0000${options.directExec !== false}\u0000${typeof command === "string" ? command : JSON.stringify(command)}`;
  let invocation = byCommand.get(key);
  if (invocation === undefined) {
    invocation = computeInvocation(command, options);
    if (byCommand.size >= maximumRemembered) byCommand.clear();
    byCommand.set(key, invocation);
  }
  return invocation;
}

function computeInvocation(command: HookCommand, options: InvocationOptions): Invocation | string {
  if (typeof command !== "string") {
    const [file, ...args] = command;
    if (file === undefined || file === "") {
      return "spawn failed: the command is an empty argv list";
    }
    const env = keepDefinedVariables(options.env);
    return { file, args, env, windowsVerbatimArguments: false, direct: false };
  }
  const { shell } = options;
  if (shell === "powershell") return resolvePowerShellInvocation(command, options.env);
  if (options.directExec !== false && process.platform !== "win32") {
    const words = splitDirectCommand(command, { ...options, shell });
    const [file, ...args] = words ?? [];
    if (file !== undefined && file !== "") {
      const env = keepDefinedVariables(options.env);
      if (emulateShellEnvironment(env, { shell, cwd: options.cwd, file })) {
        return { file, args, env, windowsVerbatimArguments: false, direct: true };
      }
    }
  }
  return resolveShellInvocation(command, options);
}

/** Runs a command string with the profile's shell (`cmd.exe` on Windows). */
export function resolveShellInvocation(
  command: string,
  options: Pick<InvocationOptions, "shell" | "env">,
): Invocation {
  const env = keepDefinedVariables(options.env);
  if (options.shell === "powershell") {
    // A missing PowerShell fails to spawn, visibly.
    return createPowerShellInvocation(findPowerShell(env.PATH) ?? "pwsh", command, env);
  }
  if (process.platform === "win32") {
    return {
      file: process.env.ComSpec ?? "cmd.exe",
      args: ["/d", "/s", "/c", `"${command}"`],
      env,
      windowsVerbatimArguments: true,
      direct: false,
    };
  }
  const file = options.shell === "bash" ? (findBash() ?? "/bin/sh") : "/bin/sh";
  return { file, args: ["-c", command], env, windowsVerbatimArguments: false, direct: false };
}

/** PowerShell's options for running one command string, as Claude Code's `shell: "powershell"` does. */
const powerShellArguments = ["-NoProfile", "-NonInteractive", "-Command"] as const;

/** Runs a command string with `pwsh` (else Windows PowerShell) from the handler's `PATH`. */
function resolvePowerShellInvocation(
  command: string,
  environment: Readonly<Record<string, string | undefined>>,
): Invocation | string {
  const env = keepDefinedVariables(environment);
  const file = findPowerShell(env.PATH);
  if (file === null) {
    return 'spawn failed: the handler asks for shell "powershell", but neither pwsh nor powershell is on PATH';
  }
  return createPowerShellInvocation(file, command, env);
}

function createPowerShellInvocation(
  file: string,
  command: string,
  env: Record<string, string>,
): Invocation {
  return {
    file,
    args: [...powerShellArguments, command],
    env,
    windowsVerbatimArguments: false,
    direct: false,
  };
}

/** PowerShell found per `PATH` value: `pwsh`, else `powershell`, or null. */
const powerShells = new Map<string, string | null>();

function findPowerShell(searchPath: string | undefined): string | null {
  const key = searchPath ?? "";
  let found = powerShells.get(key);
  if (found === undefined) {
    const extensions = process.platform === "win32" ? [".exe", ""] : [""];
    const directories = key.split(path.delimiter).filter((directory) => directory !== "");
    found = null;
    search: for (const name of ["pwsh", "powershell"]) {
      for (const directory of directories) {
        for (const extension of extensions) {
          const candidate = path.join(directory, `${name}${extension}`);
          if (isExecutableFile(candidate)) {
            found = candidate;
            break search;
          }
        }
      }
    }
    if (powerShells.size >= maximumRemembered) powerShells.clear();
    powerShells.set(key, found);
  }
  return found;
}

/** Drops variables whose value is undefined. */
function keepDefinedVariables(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const defined: Record<string, string> = {};
  for (const name in env) {
    const value = env[name];
    if (value !== undefined) defined[name] = value;
  }
  return defined;
}

let bashPath: string | null | undefined;

/** The first bash found in the usual places, looked up once; null when there is none. */
function findBash(): string | null {
  if (bashPath === undefined) {
    bashPath =
      ["/bin/bash", "/usr/bin/bash", "/usr/local/bin/bash", "/opt/homebrew/bin/bash"].find(
        (candidate) => isExecutableFile(candidate),
      ) ?? null;
  }
  return bashPath;
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
