import { mapOutputFields } from "../../decide/map-output-fields.js";
import { cursorProfile } from "../../profiles/cursor.js";
import { findEventSpec } from "../../profiles/find-event-spec.js";
import type { EventSpec, OutputFieldMapping } from "../../profiles/profile.js";
import { isRecord } from "../../shared/is-record.js";
import { readOwn } from "../../shared/read-own.js";
import { createShimVerdict } from "../create-shim-verdict.js";
import type { ShimVerdict } from "../shim-types.js";
import { createJsonVerdictReader, type JsonOutput } from "./create-json-verdict-reader.js";

const rows: readonly EventSpec[] = Object.values(cursorProfile.events);

/**
 * The camelCase spellings Cursor 1.7's docs used for its output fields, which the cursor profile
 * (Cursor 2.x, snake_case) does not name; read where the snake_case field is absent.
 */
const camelCaseSpellings: Readonly<Record<string, string>> = {
  userMessage: "user_message",
  agentMessage: "agent_message",
  followupMessage: "followup_message",
  additionalContext: "additional_context",
};

/**
 * Every output field a Cursor hook may print: each row's `outputFields`, and the engine's own
 * top-level fields a row applies that no row renames (`continue`).
 */
const knownFields: readonly string[] = [
  ...new Set([
    ...rows.flatMap((spec) => (spec.outputFields ?? []).map((mapping) => mapping.from)),
    ...rows
      .flatMap((spec) => spec.topLevelFields.supported as readonly string[])
      .filter((field) => !rows.some((spec) => spec.outputFields?.some((m) => m.to === field))),
  ]),
];

/** The JSON type an engine field's value must have, by the field a Cursor field is read as. */
function expectType(to: string): "string" | "boolean" | "object" | "permission" {
  if (to === "hookSpecificOutput.permissionDecision") return "permission";
  if (to === "hookSpecificOutput.updatedInput") return "object";
  if (to === "continue") return "boolean";
  return "string";
}

/** Each known Cursor field and the type its value must have, from the first row that maps it. */
const fieldTypes: ReadonlyMap<string, ReturnType<typeof expectType>> = new Map(
  knownFields.map((field) => {
    const mapping: OutputFieldMapping | undefined = rows
      .flatMap((spec) => spec.outputFields ?? [])
      .find((m) => m.from === field);
    return [field, expectType(mapping?.to ?? field)];
  }),
);

/**
 * Reads a Cursor hook's exit code and JSON output as a format-neutral verdict, by the event's row
 * in the `cursor` profile: its `outputFields` (`permission` allow/deny/ask, `agent_message` as the
 * reason, `user_message` for the user, `updated_input` on preToolUse, `additional_context` where a
 * row maps it, `followup_message` on stop, which `implies` a block), `continue: false` where the
 * row applies `continue` (beforeSubmitPrompt: a block); exit 2 denies or blocks. A field the event
 * does not read is a problem line; a value of the wrong type a failure where the event can block.
 *
 * @example
 * ```ts
 * readCursorVerdict(cursorHost, "beforeShellExecution", { exitCode: 0, stdout: '{"permission":"deny","agent_message":"no"}', stderr: "", timedOut: false, truncated: false, spawnError: null });
 * // { decision: "deny", reason: "no", … }
 * ```
 */
export const readCursorVerdict = createJsonVerdictReader("Cursor fails open", readCursorOutput);

function readCursorOutput(json: JsonOutput, hookEvent: string): ShimVerdict {
  const { kind, verdict } = json;
  const spec = findEventSpec(cursorProfile, hookEvent);
  const output = readSnakeCaseSpellings(json.output);
  const wrong: string[] = [];
  for (const [key, value] of Object.entries(output)) {
    const type = fieldTypes.get(key);
    if (type === undefined) verdict.problems.push(`returned unknown field "${key}"`);
    else if (!hasType(value, type)) wrong.push(key);
  }
  if (wrong.length > 0) {
    const why = `returned ${wrong.map((field) => `"${field}"`).join(", ")} of a value Cursor does not define`;
    if (kind === "none") verdict.problems.push(why);
    else return createShimVerdict({ failure: why, problems: verdict.problems });
  }
  const mapped = mapOutputFields(output, spec?.outputFields);
  const specific = isRecord(mapped.hookSpecificOutput) ? mapped.hookSpecificOutput : {};
  const applies = (field: string): boolean =>
    (spec?.topLevelFields.supported as readonly string[] | undefined)?.includes(field) === true;
  // What the row did not read is left under Cursor's name, unapplied.
  for (const field of knownFields) {
    if (!Object.hasOwn(mapped, field) || applies(field) || wrong.includes(field)) continue;
    const value = mapped[field];
    if (value === "" || (field === "continue" && value !== false)) continue;
    const shown =
      field === "continue"
        ? "continue: false"
        : field === "permission"
          ? `permission ${JSON.stringify(value)}`
          : field;
    verdict.problems.push(`returned ${shown} on ${hookEvent}, which ignores it`);
  }
  if (typeof mapped.systemMessage === "string") verdict.userMessage = mapped.systemMessage;
  if (typeof specific.permissionDecisionReason === "string") {
    verdict.reason = specific.permissionDecisionReason;
  }
  if (typeof specific.additionalContext === "string") {
    verdict.additionalContext.push(specific.additionalContext);
  }
  const permission = specific.permissionDecision;
  if (permission === "allow" || permission === "deny" || permission === "ask") {
    verdict.decision = permission;
  }
  if (isRecord(specific.updatedInput)) verdict.updatedInput = specific.updatedInput;
  if (mapped.continue === false && applies("continue")) {
    // beforeSubmitPrompt's `continue: false` refuses the prompt; `user_message` says why.
    verdict.decision = "block";
    if (typeof mapped.stopReason === "string") {
      // A stopReason is shown to the user, as Cursor shows user_message.
      verdict.stopReason = mapped.stopReason;
      verdict.reason = mapped.stopReason;
      verdict.userMessage = mapped.stopReason;
    }
  }
  if (mapped.decision === "block" && typeof mapped.reason === "string" && kind === "block") {
    // stop's followup_message: the next user message, a Stop block whose reason it is.
    verdict.decision = "block";
    verdict.reason = mapped.reason;
  }
  if ((verdict.decision === "deny" || verdict.decision === "block") && verdict.reason === null) {
    verdict.reason = verdict.userMessage ?? "Blocked by the hook";
  }
  return verdict;
}

// Cursor 1.7's camelCase fields as the snake_case ones, where the hook did not print both.
function readSnakeCaseSpellings(
  output: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  // Built from entries, so a field the hook names `__proto__` stays a field.
  return Object.fromEntries(
    Object.entries(output).flatMap(([key, value]): [string, unknown][] => {
      const snakeCase = readOwn(camelCaseSpellings, key);
      if (snakeCase === undefined) return [[key, value]];
      return Object.hasOwn(output, snakeCase) ? [] : [[snakeCase, value]];
    }),
  );
}

function hasType(value: unknown, type: ReturnType<typeof expectType>): boolean {
  if (type === "permission") return value === "allow" || value === "deny" || value === "ask";
  if (type === "object") return isRecord(value);
  return typeof value === type;
}
