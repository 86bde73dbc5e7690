import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";

/** One file a traced process tree executed or opened for reading. */
export interface FileAccess {
  /** The file's real path (symbolic links resolved). */
  file: string;
  /** The system call that reached it: `execve`, `execveat`, `open`, `openat` or `openat2`. */
  syscall: string;
  pid: number;
}

/** What a command run under strace did. */
export interface TracedRun {
  /** Every file executed or opened for reading (not a directory, not write-only, not `O_PATH`), first access each. */
  accesses: FileAccess[];
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Whether the run was killed at its time limit (the accesses up to then are still listed). */
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

/** How {@link traceFileAccess} runs a command. */
export interface TraceOptions {
  /** The argv to run (the first word is looked up on `env.PATH` by strace). */
  argv: readonly string[];
  cwd: string;
  env: Readonly<Record<string, string>>;
  /** Written to the command's stdin, which is then closed. */
  stdin: string;
  /** A folder for strace's output, outside everything the check looks at. */
  traceDirectory: string;
  timeoutMs: number;
}

const tracedCalls = [
  "execve",
  "execveat",
  "open",
  "openat",
  "openat2",
  "chdir",
  "fchdir",
  "clone",
  "clone3",
  "fork",
  "vfork",
];

// -f follows children, -ff gives each process its own file (no interleaved lines), -z keeps
// successful calls only, -y prints the path behind every descriptor (`= 3</abs/file>`).
const straceOptions = ["-f", "-ff", "-qq", "-z", "-y", "--seccomp-bpf"];

/**
 * Why strace cannot trace here (no binary, or ptrace not permitted), or null when it can: a
 * tiny command is traced once to find out.
 */
export function findStraceProblem(): string | null {
  const probe = spawnSync("strace", ["-f", "-qq", "-o", "/dev/null", "/bin/true"], {
    encoding: "utf8",
    timeout: 10_000,
  });
  if (probe.error !== undefined) return `strace could not be started (${probe.error.message})`;
  if (probe.status !== 0) {
    return `strace cannot trace here (exit ${probe.status}: ${probe.stderr.trim()})`;
  }
  return null;
}

/**
 * Runs a command under `strace -f` in its own process group, and lists every file its process
 * tree executed or opened for reading. Relative `execve` paths are resolved against the
 * process's directory, followed through `chdir`, `fchdir` and process creation.
 */
export async function traceFileAccess(options: TraceOptions): Promise<TracedRun> {
  mkdirSync(options.traceDirectory, { recursive: true });
  const prefix = path.join(options.traceDirectory, "trace");
  const child = spawn(
    "strace",
    [...straceOptions, "-e", `trace=${tracedCalls.join(",")}`, "-o", prefix, ...options.argv],
    { cwd: options.cwd, env: options.env, detached: true, stdio: ["pipe", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  const keep = (text: string, chunk: Buffer) => (text.length < 65_536 ? text + chunk : text);
  child.stdout.on("data", (chunk: Buffer) => {
    stdout = keep(stdout, chunk);
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = keep(stderr, chunk);
  });
  // A command that does not read its stdin closes the pipe early: that is not an error.
  child.stdin.on("error", () => {});
  child.stdin.end(options.stdin);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    endTracedProcesses(child.pid, options.traceDirectory);
  }, options.timeoutMs);
  const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>(
    (resolve, reject) => {
      child.on("error", reject);
      child.on("close", (code, killedBy) => resolve([code, killedBy]));
    },
  );
  clearTimeout(timer);
  // Whatever a finished tree left behind in its group (nothing, unless a process escaped strace).
  endTracedProcesses(child.pid, options.traceDirectory);
  const accesses = readTraces(options.traceDirectory, options.cwd);
  return { accesses, exitCode, signal, timedOut, stdout, stderr };
}

// Kills strace's process group and every process strace recorded (a `setsid` escapes the group).
function endTracedProcesses(leader: number | undefined, traceDirectory: string): void {
  const pids = listTracedPids(traceDirectory);
  if (leader !== undefined) signalQuietly(-leader);
  for (const pid of pids) signalQuietly(pid);
}

function signalQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

function listTracedPids(traceDirectory: string): number[] {
  return readdirSync(traceDirectory)
    .map((name) => /^trace\.(\d+)$/.exec(name)?.[1])
    .filter((pid): pid is string => pid !== undefined)
    .map(Number);
}

interface TraceEvent {
  kind: "access" | "chdir" | "spawn";
  syscall: string;
  /** The path as written, resolved against `directory` (access, chdir), or the new pid (spawn). */
  value: string;
  /** For an `open` family call, the resolved path strace printed for the returned descriptor. */
  opened?: string;
}

function readTraces(traceDirectory: string, rootCwd: string): FileAccess[] {
  const events = new Map<number, TraceEvent[]>();
  const children = new Set<number>();
  for (const pid of listTracedPids(traceDirectory)) {
    const text = readFileSync(path.join(traceDirectory, `trace.${pid}`), "utf8");
    const parsed = text.split("\n").flatMap((line) => parseTraceLine(line) ?? []);
    events.set(pid, parsed);
    for (const event of parsed) if (event.kind === "spawn") children.add(Number(event.value));
  }
  const accesses: FileAccess[] = [];
  const seen = new Set<string>();
  const record = (file: string, syscall: string, pid: number) => {
    const real = realpathOrNull(file);
    if (real === null || seen.has(real)) return;
    seen.add(real);
    accesses.push({ file: real, syscall, pid });
  };
  // Each process starts in its parent's directory at the moment it was created.
  const walk = (pid: number, startCwd: string) => {
    let cwd = startCwd;
    for (const event of events.get(pid) ?? []) {
      if (event.kind === "chdir") cwd = path.resolve(cwd, event.value);
      else if (event.kind === "spawn") walk(Number(event.value), cwd);
      else record(event.opened ?? path.resolve(cwd, event.value), event.syscall, pid);
    }
  };
  for (const pid of events.keys()) if (!children.has(pid)) walk(pid, rootCwd);
  return accesses;
}

const quoted = String.raw`"((?:[^"\\]|\\.)*)"`;
const descriptor = String.raw`(?:AT_FDCWD|-?\d+)(?:<((?:[^>\\]|\\.)*)>)?`;
const openedDescriptor = String.raw`= \d+<((?:[^>\\]|\\.)*)>$`;
const linePatterns = {
  execve: new RegExp(String.raw`^execve\(${quoted}, .* = 0$`),
  execveat: new RegExp(String.raw`^execveat\(${descriptor}, ${quoted}, .*?, ([A-Z_|0-9]+)\) = 0$`),
  open: new RegExp(String.raw`^open\(${quoted}, ([A-Z_|0-9x]+)(?:, \d+)?\) ${openedDescriptor}`),
  openat: new RegExp(
    String.raw`^openat\(${descriptor}, ${quoted}, ([A-Z_|0-9x]+)(?:, \d+)?\) ${openedDescriptor}`,
  ),
  openat2: new RegExp(
    String.raw`^openat2\(${descriptor}, ${quoted}, \{flags=([A-Z_|0-9x]+).*\) ${openedDescriptor}`,
  ),
  chdir: new RegExp(String.raw`^chdir\(${quoted}\) = 0$`),
  fchdir: /^fchdir\(-?\d+<((?:[^>\\]|\\.)*)>\) = 0$/,
  spawn: /^(?:clone3?|v?fork)\(.*\) = (\d+)$/,
} as const;

function parseTraceLine(line: string): TraceEvent | null {
  let match = linePatterns.execve.exec(line);
  if (match !== null)
    return { kind: "access", syscall: "execve", value: decodeStraceString(match[1]) };
  match = linePatterns.execveat.exec(line);
  if (match !== null) {
    const [, directory, file, flags] = match;
    const base = directory === undefined ? "." : decodeStraceString(directory);
    const target = decodeStraceString(file);
    const value =
      target === "" && flags?.includes("AT_EMPTY_PATH") ? base : path.join(base, target);
    return { kind: "access", syscall: "execveat", value };
  }
  for (const syscall of ["open", "openat", "openat2"] as const) {
    match = linePatterns[syscall].exec(line);
    if (match === null) continue;
    const flags = syscall === "open" ? match[2] : match[3];
    const opened = syscall === "open" ? match[3] : match[4];
    if (flags === undefined || opened === undefined || !readsFile(flags)) return null;
    return {
      kind: "access",
      syscall,
      value: decodeStraceString(opened),
      opened: decodeStraceString(opened),
    };
  }
  match = linePatterns.chdir.exec(line) ?? linePatterns.fchdir.exec(line);
  if (match !== null)
    return { kind: "chdir", syscall: "chdir", value: decodeStraceString(match[1]) };
  match = linePatterns.spawn.exec(line);
  if (match !== null) return { kind: "spawn", syscall: "clone", value: match[1] ?? "" };
  return null;
}

// An open reads the file unless it is write-only, a directory, or only a handle (O_PATH).
function readsFile(flags: string): boolean {
  const names = flags.split("|");
  return !names.some((name) => name === "O_WRONLY" || name === "O_DIRECTORY" || name === "O_PATH");
}

// strace's C-style escapes in a quoted string.
function decodeStraceString(text: string | undefined): string {
  if (text === undefined) return "";
  return text.replace(/\\(x[0-9a-fA-F]{2}|[0-7]{1,3}|.)/g, (_, sequence: string) => {
    if (sequence.startsWith("x"))
      return String.fromCharCode(Number.parseInt(sequence.slice(1), 16));
    if (/^[0-7]+$/.test(sequence)) return String.fromCharCode(Number.parseInt(sequence, 8));
    const named: Record<string, string> = { n: "\n", t: "\t", r: "\r", v: "\v", f: "\f" };
    return named[sequence] ?? sequence;
  });
}

// A file the process tree removed afterwards still names its folder's real path.
function realpathOrNull(file: string): string | null {
  try {
    return realpathSync(file);
  } catch {
    try {
      return path.join(realpathSync(path.dirname(file)), path.basename(file));
    } catch {
      return null;
    }
  }
}
