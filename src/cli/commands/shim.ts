import { constants } from "node:os";
import type { Command } from "commander";
import { suggestName } from "../../config/suggest-name.js";
import { readMonotonicMs } from "../../shared/read-monotonic-ms.js";
import { runShim } from "../../shim/run-shim.js";
import { type ShimFormatName, shimFormatNames } from "../../shim/shim-types.js";
import { type HostExit, watchHostExit } from "../watch-host-exit.js";

interface ShimFlags {
  hook?: string;
  host?: string;
  event?: string;
  timeout: string;
}

const formatList = shimFormatNames.join(", ");

const shimHelp = `
Examples:
  $ agent-hooks shim --hook claude --host cursor -- '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh'
  $ agent-hooks shim --hook zerocode --host copilot --event preToolUse -- ./guard.sh
  $ agent-hooks convert --shim --from claude --to cursor .claude/settings.json

Reads the host's event payload on standard input, runs the command with it translated for the
hook's agent, and prints the hook's answer translated for the host. One argument after -- is a
shell command (sh -c); several are a program and its arguments, run without a shell.
Formats: ${formatList}
(every format agent-hooks convert knows; docs/shim.md).
Copilot CLI's payloads name no event: give --event (convert --shim does).
Exit codes: the host's (0, or 2 to block); 2 with a message on standard error when the shim
cannot read the payload, the event or its own flags, or the hook fails on an event that can
block (failing closed); 1 for a command line commander cannot parse.`;

/**
 * `agent-hooks shim --hook <format> --host <format> -- <command…>`: runs a hook written for one
 * agent inside another, translating its payload, exit code and output between their protocols.
 */
export function registerShimCommand(program: Command): void {
  program
    .command("shim")
    .description(
      "run a hook written for one agent inside another, translating its input and output",
    )
    .argument("<command...>", "the hook's command, after --: one shell string, or an argv list")
    .option("--hook <format>", `the agent the hook was written for (${formatList})`)
    .option("--host <format>", `the agent running this command (${formatList})`)
    .option("--event <name>", "the host's event name (default: the payload's hook_event_name)")
    .option(
      "--timeout <seconds>",
      "kill the hook this many seconds after the shim started (its own start-up counts)",
      "60",
    )
    .addHelpText("after", shimHelp)
    .action(async (command: string[], flags: ShimFlags) => {
      // The host's timer runs from before this process started: so does the hook's.
      const startedAt = readMonotonicMs() - process.uptime() * 1000;
      // A host that is gone closes the pipes: a failed write must not end the shim before the
      // hook's processes are.
      process.stdout.on("error", ignoreError);
      process.stderr.on("error", ignoreError);
      const checked = checkShimFlags(flags);
      if (typeof checked === "string") {
        // Exit 2 blocks in every host the shim serves: a broken shim line must not let a call through.
        process.stderr.write(`agent-hooks shim: ${checked}; failing closed\n`);
        process.exitCode = 2;
        return;
      }
      const controller = new AbortController();
      let hostExit: HostExit | null = null;
      const watch = watchHostExit((exit) => {
        hostExit = exit;
        controller.abort();
      });
      const stdin = await readStandardInputText(controller.signal);
      const reply = await runShim({
        ...checked,
        command,
        stdin,
        env: process.env,
        cwd: process.cwd(),
        startedAt,
        signal: controller.signal,
      });
      watch.stop();
      if (hostExit !== null) {
        // Nobody reads a reply now; the hook's processes are ended (runShim waited for them).
        process.stderr.write(
          `agent-hooks shim: ${describeHostExit(hostExit)}; the hook was stopped\n`,
        );
        process.exitCode = selectHostExitCode(hostExit);
        return;
      }
      process.stdout.write(reply.stdout);
      process.stderr.write(reply.stderr);
      process.exitCode = reply.exitCode;
    });
}

function ignoreError(): void {}

function describeHostExit(exit: HostExit): string {
  return exit.kind === "signal" ? `ended by ${exit.signal}` : "the host exited";
}

/** 128 plus the signal's number, as a shell reports a process a signal ended; 2 for a gone host. */
function selectHostExitCode(exit: HostExit): number {
  return exit.kind === "signal" ? 128 + constants.signals[exit.signal] : 2;
}

interface CheckedFlags {
  hook: ShimFormatName;
  host: ShimFormatName;
  timeoutMs: number;
  event?: string;
}

/** The flags as `runShim` takes them, or what is wrong with them. */
function checkShimFlags(flags: ShimFlags): CheckedFlags | string {
  const hook = findShimFormat(flags.hook);
  if (hook === undefined) return describeBadFormat("--hook", flags.hook);
  const host = findShimFormat(flags.host);
  if (host === undefined) return describeBadFormat("--host", flags.host);
  const seconds = Number(flags.timeout);
  if (flags.timeout.trim() === "" || !Number.isFinite(seconds) || seconds <= 0) {
    return `--timeout must be a positive number of seconds, not "${flags.timeout}"`;
  }
  return {
    hook,
    host,
    timeoutMs: Math.max(1, Math.round(seconds * 1000)),
    ...(flags.event !== undefined && { event: flags.event }),
  };
}

function findShimFormat(name: string | undefined): ShimFormatName | undefined {
  return shimFormatNames.find((format) => format === name);
}

function describeBadFormat(flag: string, name: string | undefined): string {
  return name === undefined
    ? `${flag} is required (choose from: ${formatList})`
    : `unknown ${flag} format "${name}"${suggestName(name, shimFormatNames)} (choose from: ${formatList})`;
}

/**
 * All of standard input as text; a terminal gives nothing (the shim is always piped to), and so
 * does a host that ends the shim before its payload is complete (`signal`).
 */
async function readStandardInputText(signal: AbortSignal): Promise<string> {
  if (process.stdin.isTTY === true || signal.aborted) return "";
  const chunks: Buffer[] = [];
  const stopReading = (): void => {
    process.stdin.destroy();
  };
  signal.addEventListener("abort", stopReading, { once: true });
  try {
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  } catch {
    // Destroyed on abort: what was read is all there is.
  } finally {
    signal.removeEventListener("abort", stopReading);
  }
  return Buffer.concat(chunks).toString("utf8");
}
