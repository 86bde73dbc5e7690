import { findEventSpec } from "../../profiles/find-event-spec.js";
import { geminiProfile } from "../../profiles/gemini.js";
import {
  defaultPermissionDecisions,
  type EventSpec,
  type OutputFieldMapping,
} from "../../profiles/profile.js";
import { isRecord } from "../../shared/is-record.js";
import { createShimVerdict } from "../create-shim-verdict.js";
import type { ShimVerdict } from "../shim-types.js";
import { createJsonVerdictReader, type JsonOutput } from "./create-json-verdict-reader.js";
import type { ShimDecisionKind } from "./shim-host.js";

const rows: readonly EventSpec[] = Object.values(geminiProfile.events);
const specificPrefix = "hookSpecificOutput.";

/** The gemini profile's tool-call row, whose `outputFields` name Gemini CLI's decision fields. */
const permissionRow = rows.find((spec) => spec.decisionKind === "permission");
const permissionFields: readonly OutputFieldMapping[] = permissionRow?.outputFields ?? [];

/**
 * Top-level fields of Gemini CLI's hook output (geminicli.com/docs/hooks/reference, "Common output
 * fields"): those the profile's rows apply, the top-level ones their `outputFields` rename
 * (`decision`, `reason`), and `hookSpecificOutput`.
 */
const geminiTopLevelFields: readonly string[] = [
  ...new Set([
    ...rows.flatMap((spec) => spec.topLevelFields.supported as readonly string[]),
    ...rows.flatMap((spec) =>
      (spec.outputFields ?? [])
        .map((mapping) => mapping.from)
        .filter((from) => !from.startsWith(specificPrefix)),
    ),
    "hookSpecificOutput",
  ]),
];

/**
 * Gemini CLI's `decision` values as allow, deny or ask: the tool-call row's permission decisions,
 * and the values its `decision` mapping renames (`block` is `deny`, `approve` is `allow`).
 */
const geminiDecisions: Readonly<Record<string, "allow" | "deny" | "ask">> = Object.fromEntries(
  Object.entries({
    ...Object.fromEntries(
      Object.entries(permissionRow?.permissionDecisions ?? defaultPermissionDecisions)
        .filter(([, effect]) => effect === "apply")
        .map(([value]) => [value, value]),
    ),
    ...permissionFields.find((mapping) => mapping.from === "decision")?.values,
  }).flatMap(([value, decision]) =>
    decision === "allow" || decision === "deny" || decision === "ask" ? [[value, decision]] : [],
  ),
);

/** The `hookSpecificOutput` field Gemini CLI's rewritten tool input is in (`tool_input`). */
const rewriteField =
  permissionFields
    .find((mapping) => mapping.to === `${specificPrefix}updatedInput`)
    ?.from.slice(specificPrefix.length) ?? null;

/**
 * Reads a Gemini CLI hook's exit code and JSON output (`decision`, `reason`, `systemMessage`,
 * `continue`, `stopReason`, `hookSpecificOutput.additionalContext` / `tool_input`; exit 2 blocks
 * with stderr) as a format-neutral verdict; `continue: false` stops only where the event's gemini
 * profile row honors it, as in Gemini CLI.
 *
 * @example
 * ```ts
 * readGeminiVerdict(geminiHost, "BeforeTool", { exitCode: 0, stdout: '{"decision":"deny","reason":"no"}', stderr: "", timedOut: false, truncated: false, spawnError: null });
 * // { decision: "deny", reason: "no", … }
 * ```
 */
export const readGeminiVerdict = createJsonVerdictReader(
  "a warning in Gemini CLI",
  readGeminiOutput,
);

function readGeminiOutput(json: JsonOutput, hookEvent: string): ShimVerdict {
  const { kind, verdict, output } = json;
  const wrong: string[] = [];
  for (const key of Object.keys(output)) {
    if (!geminiTopLevelFields.includes(key))
      verdict.problems.push(`returned unknown field "${key}"`);
  }
  readString(output, "reason", wrong, (value) => {
    verdict.reason = value;
  });
  // Whether Gemini CLI shows the event's `systemMessage` and stops on its `continue: false`: the row.
  const spec = findEventSpec(geminiProfile, hookEvent);
  const topLevel: readonly string[] = spec?.topLevelFields.supported ?? [];
  readString(output, "systemMessage", wrong, (value) => {
    if (topLevel.includes("systemMessage")) verdict.userMessage = value;
    else
      verdict.problems.push(`Gemini CLI does not show a systemMessage on ${hookEvent}: ${value}`);
  });
  readString(output, "stopReason", wrong, (value) => {
    verdict.stopReason = value;
  });
  if (output.continue !== undefined) {
    if (typeof output.continue !== "boolean") wrong.push("continue");
    else if (topLevel.includes("continue") && spec?.honorsContinue === true) {
      verdict.continue = output.continue;
    } else if (!output.continue) {
      verdict.problems.push(
        `returned continue: false, which does not stop Gemini CLI on ${hookEvent}; it is ignored`,
      );
    }
  }
  if (output.decision !== undefined) {
    const decision =
      typeof output.decision === "string" && Object.hasOwn(geminiDecisions, output.decision)
        ? (geminiDecisions[output.decision] ?? null)
        : null;
    if (decision === null) wrong.push("decision");
    else applyDecision(decision, kind, hookEvent, verdict);
  }
  readSpecificOutput(output.hookSpecificOutput, wrong, verdict);
  if (wrong.length > 0) {
    const why = `returned ${wrong.map((field) => `"${field}"`).join(", ")} of a value Gemini CLI does not define`;
    if (kind === "none") verdict.problems.push(why);
    else return createShimVerdict({ failure: why, problems: verdict.problems });
  }
  return verdict;
}

function applyDecision(
  decision: "allow" | "deny" | "ask",
  kind: ShimDecisionKind,
  hookEvent: string,
  verdict: ShimVerdict,
): void {
  if (kind === "none") {
    verdict.problems.push(`returned decision "${decision}" on ${hookEvent}, which ignores it`);
  } else if (kind === "permission") {
    verdict.decision = decision;
  } else if (decision === "deny") {
    // A deny on AfterAgent asks for a retry, on BeforeAgent refuses the prompt: the event's block.
    verdict.decision = "block";
  } else if (decision === "ask") {
    verdict.decision = "block";
    verdict.problems.push(
      `returned decision "ask" on ${hookEvent}, which cannot ask; read as a block`,
    );
  }
  if ((decision === "deny" || verdict.decision === "block") && verdict.reason === null) {
    verdict.reason = "Blocked by the hook";
  }
}

function readSpecificOutput(value: unknown, wrong: string[], verdict: ShimVerdict): void {
  if (value === undefined) return;
  if (!isRecord(value)) {
    wrong.push("hookSpecificOutput");
    return;
  }
  for (const [key, field] of Object.entries(value)) {
    if (key === "hookEventName") continue;
    if (key === "additionalContext") {
      if (typeof field === "string") verdict.additionalContext.push(field);
      else wrong.push("hookSpecificOutput.additionalContext");
    } else if (key === rewriteField) {
      // The whole new input, as every host's rewrite is (the scheduler builds the tool from it).
      if (isRecord(field)) verdict.updatedInput = field;
      else wrong.push(`hookSpecificOutput.${key}`);
    } else {
      verdict.problems.push(`hookSpecificOutput.${key} has no counterpart outside Gemini CLI`);
    }
  }
}

function readString(
  output: Record<string, unknown>,
  key: string,
  wrong: string[],
  apply: (value: string) => void,
): void {
  const value = output[key];
  if (value === undefined) return;
  if (typeof value === "string") apply(value);
  else wrong.push(key);
}
