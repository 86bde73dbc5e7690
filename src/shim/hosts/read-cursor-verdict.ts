import { createShimVerdict } from "../create-shim-verdict.js";
import type { ShimRunOutcome, ShimVerdict } from "../shim-types.js";
import { readJsonOutcome } from "./read-json-outcome.js";
import type { ShimHost } from "./shim-host.js";

/** Cursor's output fields, each with the camelCase spelling Cursor 1.7's docs used. */
const cursorFieldSpellings = {
  permission: ["permission"],
  user_message: ["user_message", "userMessage"],
  agent_message: ["agent_message", "agentMessage"],
  continue: ["continue"],
  followup_message: ["followup_message", "followupMessage"],
  additional_context: ["additional_context", "additionalContext"],
} as const;

const knownFields: readonly string[] = Object.values(cursorFieldSpellings).flat();

/**
 * Reads a Cursor hook's exit code and JSON output (`permission` allow/deny/ask, `user_message`,
 * `agent_message`, `continue` on beforeSubmitPrompt, `followup_message` on stop; exit 2 denies)
 * as a format-neutral verdict.
 *
 * @example
 * ```ts
 * readCursorVerdict(cursorHost, "beforeShellExecution", { exitCode: 0, stdout: '{"permission":"deny","agent_message":"no"}', stderr: "", timedOut: false, truncated: false, spawnError: null });
 * // { decision: "deny", reason: "no", … }
 * ```
 */
export function readCursorVerdict(
  host: Pick<ShimHost, "decisions">,
  hookEvent: string,
  outcome: ShimRunOutcome,
): ShimVerdict {
  const start = readJsonOutcome(host, hookEvent, outcome, "Cursor fails open");
  if (start.done) return start.verdict;
  const { kind, verdict, output } = start;
  const read = (field: keyof typeof cursorFieldSpellings): unknown => {
    const spelling = cursorFieldSpellings[field].find((name) => Object.hasOwn(output, name));
    return spelling === undefined ? undefined : output[spelling];
  };
  const wrong: string[] = [];
  for (const key of Object.keys(output)) {
    if (!knownFields.includes(key)) verdict.problems.push(`returned unknown field "${key}"`);
  }
  const userMessage = read("user_message");
  const agentMessage = read("agent_message");
  const followup = read("followup_message");
  const context = read("additional_context");
  const permission = read("permission");
  const keepGoing = read("continue");
  for (const [name, value] of [
    ["user_message", userMessage],
    ["agent_message", agentMessage],
    ["followup_message", followup],
    ["additional_context", context],
  ] as const) {
    if (value !== undefined && typeof value !== "string") wrong.push(name);
  }
  if (typeof userMessage === "string") verdict.userMessage = userMessage;
  if (typeof agentMessage === "string") verdict.reason = agentMessage;
  if (typeof context === "string") verdict.additionalContext.push(context);
  if (permission !== undefined) {
    if (permission !== "allow" && permission !== "deny" && permission !== "ask") {
      wrong.push("permission");
    } else if (kind === "permission") {
      verdict.decision = permission;
    } else {
      verdict.problems.push(
        `returned permission "${permission}" on ${hookEvent}, which ignores it`,
      );
    }
  }
  if (keepGoing !== undefined) {
    if (typeof keepGoing !== "boolean") wrong.push("continue");
    else if (keepGoing === false && hookEvent === "beforeSubmitPrompt") verdict.decision = "block";
    else if (keepGoing === false)
      verdict.problems.push(`returned continue: false on ${hookEvent}, which ignores it`);
  }
  if (typeof followup === "string" && followup !== "") {
    if (kind === "block" && hookEvent !== "beforeSubmitPrompt") {
      verdict.decision = "block";
      verdict.reason = followup;
    } else {
      verdict.problems.push(`returned followup_message on ${hookEvent}, which ignores it`);
    }
  }
  if (wrong.length > 0) {
    const why = `returned ${wrong.map((field) => `"${field}"`).join(", ")} of a value Cursor does not define`;
    if (kind === "none") verdict.problems.push(why);
    else return createShimVerdict({ failure: why, problems: verdict.problems });
  }
  if ((verdict.decision === "deny" || verdict.decision === "block") && verdict.reason === null) {
    verdict.reason = verdict.userMessage ?? "Blocked by the hook";
  }
  return verdict;
}
