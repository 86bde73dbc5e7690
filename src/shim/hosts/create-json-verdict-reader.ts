import { createShimVerdict } from "../create-shim-verdict.js";
import { readHookJson } from "../read-hook-json.js";
import type { ShimRunOutcome, ShimVerdict } from "../shim-types.js";
import { readDecisionKind, type ShimDecisionKind, type ShimHost } from "./shim-host.js";

/** A Gemini CLI or Cursor hook's JSON output object, for the format's reader. */
export interface JsonOutput {
  /** The verdict so far (nothing decided), for the reader to fill. */
  verdict: ShimVerdict;
  /** What the event can decide. */
  kind: ShimDecisionKind;
  output: Readonly<Record<string, unknown>>;
}

/** A host's verdict step: a hook's exit code and output, read as a verdict. */
export type ReadJsonVerdict = (
  host: Pick<ShimHost, "decisions">,
  hookEvent: string,
  outcome: ShimRunOutcome,
) => ShimVerdict;

/**
 * A verdict step for a format whose hooks print a JSON object, as Gemini CLI's and Cursor's do:
 * exit 2 blocks with stderr where the event can block (a problem where it cannot), another
 * non-zero code decides nothing (`failingNote` says how the agent treats it), no output decides
 * nothing, and output that is not a JSON object fails closed where the event can block;
 * otherwise `readOutput` reads the object.
 *
 * @example
 * ```ts
 * const readCursorVerdict = createJsonVerdictReader("Cursor fails open", readCursorOutput);
 * ```
 */
export function createJsonVerdictReader(
  failingNote: string,
  readOutput: (json: JsonOutput, hookEvent: string) => ShimVerdict,
): ReadJsonVerdict {
  return (host, hookEvent, outcome) => {
    const kind = readDecisionKind(host, hookEvent);
    const verdict = createShimVerdict();
    const stderr = outcome.stderr.trim();
    if (outcome.exitCode === 2) {
      const reason = stderr === "" ? "Blocked by the hook (exit code 2)" : stderr;
      if (kind === "none")
        verdict.problems.push(`exit code 2 on ${hookEvent}, which cannot block: ${reason}`);
      else Object.assign(verdict, { decision: kind === "permission" ? "deny" : "block", reason });
      return verdict;
    }
    if (outcome.exitCode !== 0) {
      const note = stderr === "" ? "" : `: ${stderr}`;
      verdict.problems.push(`exited with code ${String(outcome.exitCode)} (${failingNote})${note}`);
      return verdict;
    }
    const json = readHookJson(outcome.stdout);
    if (json.kind === "empty") return verdict;
    if (json.kind === "unreadable") {
      if (kind === "none") verdict.problems.push(json.why);
      else verdict.failure = json.why;
      return verdict;
    }
    return readOutput({ verdict, kind, output: json.value }, hookEvent);
  };
}
