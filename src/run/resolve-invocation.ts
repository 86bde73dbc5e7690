import { accessSync, constants, statSync } from "node:fs";
import type { HookCommand } from "../config/hook-definition.js";
import { emulateShellEnvironment } from "./emulate-shell-environment.js";
import { splitDirectCommand } from "./split-direct-command.js";

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
  shell: "sh" | "bash";
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
  if (options.directExec !== false && process.platform !== "win32") {
    const words = splitDirectCommand(command, options);
    const [file, ...args] = words ?? [];
    if (file !== undefined && file !== "") {
      const env = keepDefinedVariables(options.env);
      if (emulateShellEnvironment(env, { shell: options.shell, cwd: options.cwd, file })) {
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
