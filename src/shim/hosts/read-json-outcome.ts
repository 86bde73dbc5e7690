import { createShimVerdict } from "../create-shim-verdict.js";
import { readHookJson } from "../read-hook-json.js";
import type { ShimRunOutcome, ShimVerdict } from "../shim-types.js";
import { readDecisionKind, type ShimDecisionKind, type ShimHost } from "./shim-host.js";

/** A Gemini CLI or Cursor hook's outcome: decided by its exit code or its missing or bad output, or a JSON object to read. */
export type JsonOutcome =
  | { done: true; verdict: ShimVerdict }
  | {
      done: false;
      verdict: ShimVerdict;
      kind: ShimDecisionKind;
      output: Readonly<Record<string, unknown>>;
    };

/**
 * Reads what Gemini CLI and Cursor hooks share: exit 2 blocks with stderr where the event can
 * block (a problem where it cannot), another non-zero code decides nothing (`failingNote` says
 * how the agent treats it), no output decides nothing, and output that is not a JSON object
 * fails closed where the event can block; otherwise the object is left to the format's reader.
 *
 * @example
 * ```ts
 * const start = readJsonOutcome(cursorHost, "beforeShellExecution", outcome, "Cursor fails open");
 * if (start.done) return start.verdict;
 * ```
 */
export function readJsonOutcome(
  host: Pick<ShimHost, "decisions">,
  hookEvent: string,
  outcome: ShimRunOutcome,
  failingNote: string,
): JsonOutcome {
  const kind = readDecisionKind(host, hookEvent);
  const verdict = createShimVerdict();
  const stderr = outcome.stderr.trim();
  if (outcome.exitCode === 2) {
    const reason = stderr === "" ? "Blocked by the hook (exit code 2)" : stderr;
    if (kind === "none")
      verdict.problems.push(`exit code 2 on ${hookEvent}, which cannot block: ${reason}`);
    else Object.assign(verdict, { decision: kind === "permission" ? "deny" : "block", reason });
    return { done: true, verdict };
  }
  if (outcome.exitCode !== 0) {
    const note = stderr === "" ? "" : `: ${stderr}`;
    verdict.problems.push(`exited with code ${String(outcome.exitCode)} (${failingNote})${note}`);
    return { done: true, verdict };
  }
  const json = readHookJson(outcome.stdout);
  if (json.kind === "empty") return { done: true, verdict };
  if (json.kind === "unreadable") {
    if (kind === "none") verdict.problems.push(json.why);
    else verdict.failure = json.why;
    return { done: true, verdict };
  }
  return { done: false, verdict, kind, output: json.value };
}
