import { profileDefaults } from "../profiles/define-profile.js";
import type { ProcessOutcome } from "../run/process-outcome.js";
import { spawnHandler } from "../run/spawn-handler.js";
import { isRecord } from "../shared/is-record.js";
import { readMonotonicMs } from "../shared/read-monotonic-ms.js";
import { safeParseJson } from "../shared/safe-parse-json.js";
import { combineShimVerdicts } from "./combine-shim-verdicts.js";
import { createShimVerdict } from "./create-shim-verdict.js";
import { expandPatchPayload } from "./expand-patch-payload.js";
import { findMissingHookScript } from "./find-missing-hook-script.js";
import { readCanonicalEvent } from "./hosts/shim-host.js";
import { shimHosts } from "./hosts/shim-hosts.js";
import { readHookVerdict } from "./read-hook-verdict.js";
import type { HostReply, ShimFormatName, ShimRunOutcome, ShimVerdict } from "./shim-types.js";
import { translateHostPayload } from "./translate-host-payload.js";
import { writeHostReply } from "./write-host-reply.js";

/** What `agent-hooks shim` runs: the two protocols, the hook's command and the host's input. */
export interface RunShimOptions {
  /** The agent the hook script was written for. */
  hook: ShimFormatName;
  /** The agent running the shim, whose payload arrives on stdin and who reads the reply. */
  host: ShimFormatName;
  /** The host's event name; default: the payload's `hook_event_name`. */
  event?: string;
  /** One shell command string (run with `sh -c`, as the engine runs one), or an argv list. */
  command: readonly string[];
  /** When the hook is stopped, counted from `startedAt`. */
  timeoutMs: number;
  /**
   * Where `timeoutMs` counts from, on the `readMonotonicMs()` clock: the CLI passes its own
   * process start, so a slow start-up eats into the hook's time, not the host's. Default: the call.
   */
  startedAt?: number;
  /** Aborting stops every process of the hook's run (the host ended the shim). */
  signal?: AbortSignal;
  /** The host's payload, as JSON text. */
  stdin: string;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
}

/** Prefix of every line the shim itself writes to stderr. */
const messagePrefix = "agent-hooks shim";

/**
 * Runs a hook written for one agent inside another: reads the host's payload, translates it to
 * the hook's protocol, runs the command with the engine's runner (its own process group, the
 * timeout, the kill of every process of the run, bounded capture), and translates the hook's exit
 * code and output back into the host's reply. Never rejects: a payload the shim cannot read, an
 * unknown event or a hook that cannot be read as a decision gives the host's fail-closed reply
 * where the event can block.
 *
 * @example
 * ```ts
 * const reply = await runShim({ hook: "claude", host: "cursor", command: ["./guard.sh"],
 *   timeoutMs: 58_000, stdin, env: process.env, cwd: process.cwd() });
 * process.stdout.write(reply.stdout);
 * ```
 */
export async function runShim(options: RunShimOptions): Promise<HostReply> {
  const startedAt = options.startedAt ?? readMonotonicMs();
  const parsed = safeParseJson(options.stdin);
  if (!parsed.success || !isRecord(parsed.value)) {
    const why = parsed.success ? "is not a JSON object" : "is not valid JSON";
    return createUnreadableReply(`the ${options.host} payload on standard input ${why}`);
  }
  const payload = parsed.value;
  const hostEvent =
    options.event ??
    (typeof payload.hook_event_name === "string" ? payload.hook_event_name : undefined);
  if (hostEvent === undefined || hostEvent === "") {
    return createUnreadableReply(
      `the ${options.host} payload has no hook_event_name and no --event was given`,
    );
  }
  // A Codex apply_patch reaches a hook without one as the Write or Edit of each file it touches.
  const expanded = expandPatchPayload(options.host, options.hook, payload, options.cwd);
  if (!expanded.ok) return createTranslationFailure(options, hostEvent, expanded.error);
  const problems = [...expanded.problems];
  const verdicts: ShimVerdict[] = [];
  // The shim's --timeout counts from its own start (its start-up under load is inside it).
  const deadline = startedAt + options.timeoutMs;
  for (const part of expanded.payloads) {
    const translated = translateHostPayload({
      host: options.host,
      hook: options.hook,
      hostEvent,
      payload: part,
    });
    if (!translated.ok) return createTranslationFailure(options, hostEvent, translated.error);
    problems.push(...translated.problems);
    // The parts of one call share the shim's timeout: the host's own timer fails open.
    const remainingMs = Math.floor(deadline - readMonotonicMs());
    const outcome =
      remainingMs > 0
        ? await runHookCommand(options, translated.payload, remainingMs)
        : {
            ...notStarted,
            spawnError:
              verdicts.length === 0
                ? `the shim's ${options.timeoutMs / 1000} s --timeout had passed before the hook could start (the shim started slowly)`
                : "no time was left to run the hook for every part of the call",
          };
    const verdict = readHookVerdict({
      hook: options.hook,
      hookEvent: translated.hookEvent,
      outcome,
    });
    verdicts.push(verdict);
    const refused = verdict.decision === "deny" || verdict.decision === "block";
    if (verdict.failure !== null || refused) break;
  }
  const reply = writeHostReply({
    host: options.host,
    hostEvent,
    verdict: combineShimVerdicts(verdicts),
  });
  return prependProblems(reply, [...new Set(problems)]);
}

/**
 * The reply when the host's payload cannot be put in the hook's protocol: an event the host's
 * protocol lacks may be one that blocks, so it fails closed; for a known one the host's writer
 * knows whether it can block (it fails closed there and warns elsewhere).
 */
function createTranslationFailure(
  options: RunShimOptions,
  hostEvent: string,
  error: string,
): HostReply {
  const failure = `cannot translate the ${options.host} ${hostEvent} payload for a ${options.hook} hook: ${error}`;
  if (readCanonicalEvent(shimHosts[options.host], hostEvent) === null) {
    return createUnreadableReply(failure);
  }
  const verdict = createShimVerdict({ failure });
  return writeHostReply({ host: options.host, hostEvent, verdict });
}

/** Runs the hook's command with its translated payload on stdin, as the engine runs a handler. */
async function runHookCommand(
  options: RunShimOptions,
  payload: Record<string, unknown>,
  timeoutMs: number,
): Promise<ShimRunOutcome> {
  const [first, ...rest] = options.command;
  if (first === undefined) {
    return { ...notStarted, spawnError: "no command was given after --" };
  }
  const command = rest.length === 0 ? first : options.command;
  const env = fillHookEnvironment(options);
  const outcome = await spawnHandler({
    command,
    cwd: options.cwd,
    env,
    input: JSON.stringify(payload),
    timeoutMs,
    killGraceMs: profileDefaults.killGraceMs,
    captureLimitBytes: profileDefaults.captureLimitBytes,
    ...(options.signal !== undefined && { signal: options.signal }),
  });
  const read = toShimRunOutcome(outcome);
  // A failing exit reads as a non-blocking error; an interpreter given a missing script never ran
  // the guard, so it is a failed start (`node missing.js` exits 1 with "Cannot find module").
  if (
    read.spawnError === null &&
    read.exitCode !== null &&
    read.exitCode !== 0 &&
    read.exitCode !== 2
  ) {
    const missing = await findMissingHookScript(command, { cwd: options.cwd, env });
    if (missing !== null) {
      // The interpreter's own message (node's stack trace) adds nothing to the file's name.
      return {
        ...read,
        spawnError: `the script ${missing} does not exist (the command exited with code ${String(read.exitCode)})`,
      };
    }
  }
  return read;
}

const notStarted: ShimRunOutcome = {
  exitCode: null,
  stdout: "",
  stderr: "",
  timedOut: false,
  truncated: false,
  spawnError: null,
};

/**
 * The host's environment, plus `CLAUDE_PROJECT_DIR` for a hook whose protocol names its scripts
 * through it (Claude Code's, Codex's: the hook host's `shimVariables`) where the host does not set
 * it: where the host's `projectDirectory` finds it (inside Codex, the project folder Codex loaded
 * the hook from; elsewhere the working directory).
 */
function fillHookEnvironment(
  options: RunShimOptions,
): Readonly<Record<string, string | undefined>> {
  const needsProjectDirectory =
    shimHosts[options.hook].shimVariables.includes("CLAUDE_PROJECT_DIR");
  if (!needsProjectDirectory || options.env.CLAUDE_PROJECT_DIR !== undefined) return options.env;
  const projectDirectory = shimHosts[options.host].projectDirectory.find({
    cwd: options.cwd,
    command: options.command,
    env: options.env,
  });
  return { ...options.env, CLAUDE_PROJECT_DIR: projectDirectory };
}

// A cut made only of whitespace is no cut: the kept text parses as the whole would.
function toShimRunOutcome(outcome: ProcessOutcome): ShimRunOutcome {
  const stdoutCut = outcome.stdoutTruncated && outcome.stdoutDroppedOnlyWhitespace !== true;
  return {
    exitCode: outcome.exitCode,
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    timedOut: outcome.timedOut,
    truncated: stdoutCut || outcome.stderrTruncated,
    spawnError: outcome.spawnError ?? describeShellStartFailure(outcome),
    signal: outcome.signal,
    ...(outcome.viaShell === true && { viaShell: true }),
  };
}

/**
 * The shell's "could not start" exits, 127 (not found) and 126 (not executable): a hook that
 * never ran decided nothing, so the verdict reader treats it as a failed start, not as the
 * non-blocking error an exit 1 would be (it fails closed where the event can block).
 */
const shellStartFailures: Readonly<Record<number, string>> = {
  126: "the command is not executable (exit 126)",
  127: "the command was not found (exit 127)",
};

function describeShellStartFailure(outcome: ProcessOutcome): string | null {
  const description = outcome.exitCode === null ? undefined : shellStartFailures[outcome.exitCode];
  if (description === undefined) return null;
  const stderr = outcome.stderr.trim();
  return stderr === "" ? description : `${description}: ${stderr}`;
}

/**
 * The reply when the shim cannot tell what the host asked (no payload, no event, an event it cannot
 * translate): exit 2 with the message on stderr, which every host it serves reads as a block on
 * an event that can block (Claude Code and Codex: "blocking error"; Gemini CLI: "System Block";
 * Cursor: deny) and as an error shown to the user on one that cannot.
 */
function createUnreadableReply(message: string): HostReply {
  return {
    exitCode: 2,
    stdout: "",
    stderr: `${messagePrefix}: ${message}; failing closed\n`,
  };
}

/** The translation's problems, one stderr line each, before the reply's own stderr. */
function prependProblems(reply: HostReply, problems: readonly string[]): HostReply {
  if (problems.length === 0) return reply;
  const lines = problems.map((problem) => `${messagePrefix}: ${problem}\n`).join("");
  return { ...reply, stderr: `${lines}${reply.stderr}` };
}
