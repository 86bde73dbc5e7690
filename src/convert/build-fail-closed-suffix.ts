import { quoteShellWord } from "../shell/quote-shell-word.js";
import { createShimVerdict } from "../shim/create-shim-verdict.js";
import { shimHosts } from "../shim/hosts/shim-hosts.js";
import type { ShimFormatName } from "../shim/shim-types.js";
import { writeHostReply } from "../shim/write-host-reply.js";

/** The suffix on an event that cannot block: the shim's exit as it is, with its shell kept. */
const keepShellSuffix = "; exit $?";

/** The shell variable the suffix keeps the shim's exit code in. */
const exitVariable = "shim_exit";

/**
 * The POSIX shell text that follows the `agent-hooks shim …` command of a converted hook on a host
 * event that can block, so that the shim failing by itself (`agent-hooks` or node not found, exit
 * 127; a broken install or a crash, exit 1; a signal) blocks instead of reaching the host as the
 * non-blocking error it would read: exits 0 and 2, the shim's own answers, pass through, any other
 * becomes exit 2 with a reason on stderr (where exit 2 does not block, the shim host's
 * `exitTwoBlocks` unset as in Copilot CLI, any exit but 0 becomes the host's JSON deny or block
 * with exit 0). Where the event cannot block (the shim's own failure
 * reply lets the agent go on) it is `; exit $?`: the shim's exit passes through, and the shell
 * still runs the shim as a child instead of replacing itself with it (bash does so for a lone
 * command), so a host that kills that shell leaves the shim to see its parent gone and end the
 * hook's run.
 *
 * @example
 * ```ts
 * buildFailClosedSuffix("gemini", "BeforeTool");
 * // '; shim_exit=$?; case $shim_exit in 0|2) exit $shim_exit;; esac; echo "agent-hooks shim: …" >&2; exit 2'
 * buildFailClosedSuffix("codex", "SessionStart");
 * // '; exit $?'
 * ```
 */
export function buildFailClosedSuffix(host: ShimFormatName, hostEvent: string): string {
  const failure = "agent-hooks did not answer (not found, crashed or killed)";
  const reply = writeHostReply({ host, hostEvent, verdict: createShimVerdict({ failure }) });
  if (reply.exitCode === 0 && reply.stdout === "") return keepShellSuffix;
  const message = `echo "agent-hooks shim: no answer from agent-hooks (exit $${exitVariable}: not found, crashed or killed), so ${hostEvent} fails closed" >&2`;
  const jsonOnly = !shimHosts[host].exitTwoBlocks;
  // Where exit 2 does not block, the shim's own exit 2 (a payload it cannot read) is a failure too.
  const answers = jsonOnly ? "0" : "0|2";
  const passThrough = `${exitVariable}=$?; case $${exitVariable} in ${answers}) exit $${exitVariable};; esac`;
  const answer = jsonOnly
    ? `printf '%s\\n' ${quoteShellWord(reply.stdout.trimEnd())}; ${message}; exit 0`
    : `${message}; exit 2`;
  return `; ${passThrough}; ${answer}`;
}
