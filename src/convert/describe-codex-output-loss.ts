import { safeParseJson } from "../shared/safe-parse-json.js";
import { checkCodexOutput } from "./check-codex-output.js";
import {
  type CodexEventOutput,
  codexHookOutputs,
  isCodexOutputEvent,
} from "./codex-hook-outputs.js";
import type { PortableHook } from "./portable-hooks.js";
import { readInlineOutput } from "./read-inline-output.js";

const consequence = "Codex then goes on as if the hook had not answered";

/**
 * Why a command hook of another agent, converted to Codex without `--shim`, may not be read by
 * Codex 0.169 as meant, or null: for a command whose output its text shows (`echo '{…}'`,
 * `exit 2`), the rules of `checkCodexOutput` it breaks, if any; for any other command on an event
 * that can block, the rules its replies must meet, with `--shim` as the remedy.
 *
 * @example
 * ```ts
 * describeCodexOutputLoss(hook); // "Codex 0.169 fails this hook: PreToolUse hook exited with code 2 but did not write a blocking reason to stderr; …"
 * ```
 */
export function describeCodexOutputLoss(hook: PortableHook): string | null {
  if (hook.type !== "command" || !isCodexOutputEvent(hook.event)) return null;
  const row: CodexEventOutput = codexHookOutputs[hook.event];
  const command = hook.command.default;
  const inline = typeof command === "string" ? readInlineOutput(command) : null;
  if (inline === null) {
    return row.emptyExitTwo === null ? null : describeRules(hook.event, row);
  }
  const problems: string[] = [];
  if (inline.exitCode === 2 && inline.stderr.trim() === "" && row.emptyExitTwo !== null) {
    problems.push(row.emptyExitTwo);
  }
  const stdout = inline.stdout.trim();
  if (inline.exitCode === 0 && stdout.startsWith("{")) {
    const parsed = safeParseJson(stdout);
    problems.push(
      ...(parsed.success
        ? checkCodexOutput(hook.event, parsed.value)
        : [`hook returned invalid ${row.outputName} JSON output`]),
    );
  }
  return problems.length === 0
    ? null
    : `Codex 0.169 fails this hook: ${problems.join("; ")}. ${consequence}; fix its output, or convert with --shim`;
}

function describeRules(event: string, row: CodexEventOutput): string {
  const rules = [`a field outside Codex's ${event} output schema`];
  if (row.specificFields !== null) rules.push("hookSpecificOutput without hookEventName");
  if (row.specificFields !== null && "permissionDecision" in row.specificFields) {
    rules.push(
      "a deny without a non-empty permissionDecisionReason",
      "an allow without updatedInput",
      "ask",
    );
  }
  if ("decision" in row.fields) {
    rules.push('decision: "block" without a non-empty reason');
  }
  rules.push("exit 2 with nothing on stderr");
  return `it was written for another agent, and Codex 0.169 fails the hook for ${rules.join(", ")}. ${consequence}, so what it would block goes ahead; convert with --shim to have agent-hooks shim translate each reply`;
}
