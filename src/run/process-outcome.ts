import type { HookCommand } from "../config/hook-definition.js";

/** What the runner needs to run one handler process. */
export interface SpawnRequest {
  command: HookCommand;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Written to the handler's stdin, then stdin is closed. */
  input: string;
  timeoutMs: number;
  /** Time between SIGTERM and SIGKILL of the process group. */
  killGraceMs: number;
  /** Bytes of stdout and of stderr kept; the rest is read and dropped. */
  captureLimitBytes: number;
  /**
   * The shell a string command runs with: `sh` (default), `bash` where it exists, or
   * `powershell` (`pwsh`, else `powershell`, found on `PATH`; a spawn error when neither is).
   */
  shell?: "sh" | "bash" | "powershell";
  /**
   * Run a command string that has no shell syntax without the shell (default true). The
   * handler sees the same argv, environment (`PWD` included) and working directory.
   */
  directExec?: boolean;
  /** Aborting cancels the run like a timeout (used by `engine.close()`). */
  signal?: AbortSignal;
  /**
   * How long output is still read after the process exits while something else (a child it
   * left) holds stdout or stderr open: until the pipes are quiet for `quietMs`, at most `capMs`
   * after the exit (default 100 ms quiet, no cap beyond it).
   */
  outputDrain?: { quietMs: number; capMs: number };
}

/** How one handler process ended; a failure is a value with flags, never an exception. */
export interface ProcessOutcome {
  /** The exit code, or null when the process was killed by a signal or never started. */
  exitCode: number | null;
  /** The signal that ended the process, such as `SIGTERM`, or null. */
  signal: string | null;
  timedOut: boolean;
  cancelled: boolean;
  /** Why the process could not be started (such as `spawn ./nope ENOENT`), or null. */
  spawnError: string | null;
  stdout: string;
  stderr: string;
  stdoutTruncated: boolean;
  /**
   * When stdout was truncated: true if every byte left out was whitespace, so the kept text is
   * the whole output as far as parsing goes. Absent means false.
   */
  stdoutDroppedOnlyWhitespace?: boolean;
  stderrTruncated: boolean;
  /** Total bytes the process wrote to stdout, kept or not. */
  stdoutBytes: number;
  stderrBytes: number;
  durationMs: number;
  /**
   * True when the process exited but its stdout or stderr did not reach end-of-stream before the
   * drain ended (a process it left still held them): the output read may be cut. Absent means false.
   */
  outputLeftOpen?: boolean;
  /**
   * True when a command string ran through its shell (`sh -c`, bash, `cmd.exe`, PowerShell): its
   * exit code is then the shell's, which reports a child a signal ended as 128 plus the signal's
   * number. Absent means false (an argv list, or a string run without the shell).
   */
  viaShell?: boolean;
}

/** An outcome with nothing in it yet (no exit, no output), to spread the facts of a run over. */
export function createEmptyOutcome(durationMs: number): ProcessOutcome {
  return {
    exitCode: null,
    signal: null,
    timedOut: false,
    cancelled: false,
    spawnError: null,
    stdout: "",
    stderr: "",
    stdoutTruncated: false,
    stderrTruncated: false,
    stdoutBytes: 0,
    stderrBytes: 0,
    durationMs,
  };
}
