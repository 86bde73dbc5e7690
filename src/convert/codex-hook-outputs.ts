/**
 * What one field of a Codex hook's JSON output may hold: a boolean, a string, any JSON value, one
 * of a list of strings, or an object with its own fields.
 */
export type CodexFieldType =
  | "boolean"
  | "string"
  | "value"
  | { enum: readonly [string, ...string[]] }
  | { object: Readonly<Record<string, CodexFieldType>>; required: readonly string[] };

/** How Codex 0.169 reads one event's hook output. */
export interface CodexEventOutput {
  /** Codex's name for the output in its `hook returned invalid … JSON output` error. */
  outputName: string;
  /** The top-level fields the event's output schema takes; any other field fails the hook. */
  fields: Readonly<Record<string, CodexFieldType>>;
  /**
   * The fields of `hookSpecificOutput` besides its required `hookEventName` (the event's own
   * name), or null where the schema has no `hookSpecificOutput`.
   */
  specificFields: Readonly<Record<string, CodexFieldType>> | null;
  /**
   * Codex's error when the hook exits 2 with nothing on stderr (the hook fails, nothing is
   * blocked), or null on an event that cannot block.
   */
  emptyExitTwo: string | null;
}

// The fields every event's output schema takes (`HookUniversalOutputWire`).
const universalFields = {
  continue: "boolean",
  stopReason: "string",
  suppressOutput: "boolean",
  systemMessage: "string",
} as const satisfies Record<string, CodexFieldType>;

const blockFields = {
  ...universalFields,
  decision: { enum: ["block"] },
  reason: "string",
} as const satisfies Record<string, CodexFieldType>;

const contextOnly = { additionalContext: "string" } as const satisfies Record<
  string,
  CodexFieldType
>;

/**
 * Codex 0.169's hook output schemas, per event: the `*.command.output` JSON schemas embedded in its
 * binary (codex-rs `hooks/src/schema.rs`, rust-v0.169.0), each `additionalProperties: false` at
 * the top and in `hookSpecificOutput`, whose `hookEventName` is required and must name the event.
 * One table for the shim's replies to Codex and for `convert --to codex`'s notes; the rules on
 * values that the schemas leave to Codex's output parser are `checkCodexOutput`'s.
 */
export const codexHookOutputs = {
  SessionStart: {
    outputName: "session start",
    fields: { ...universalFields, hookSpecificOutput: "value" },
    specificFields: contextOnly,
    emptyExitTwo: null,
  },
  SubagentStart: {
    outputName: "subagent start",
    fields: { ...universalFields, hookSpecificOutput: "value" },
    specificFields: contextOnly,
    emptyExitTwo: null,
  },
  PreToolUse: {
    outputName: "pre-tool-use",
    fields: {
      ...universalFields,
      decision: { enum: ["approve", "block"] },
      reason: "string",
      hookSpecificOutput: "value",
    },
    specificFields: {
      additionalContext: "string",
      permissionDecision: { enum: ["allow", "deny", "ask"] },
      permissionDecisionReason: "string",
      updatedInput: "value",
    },
    emptyExitTwo:
      "PreToolUse hook exited with code 2 but did not write a blocking reason to stderr",
  },
  PermissionRequest: {
    outputName: "permission-request",
    fields: { ...universalFields, hookSpecificOutput: "value" },
    specificFields: {
      decision: {
        object: {
          behavior: { enum: ["allow", "deny"] },
          interrupt: "boolean",
          message: "string",
          updatedInput: "value",
          updatedPermissions: "value",
        },
        required: ["behavior"],
      },
    },
    emptyExitTwo:
      "PermissionRequest hook exited with code 2 but did not write a denial reason to stderr",
  },
  PostToolUse: {
    outputName: "post-tool-use",
    fields: { ...blockFields, hookSpecificOutput: "value" },
    specificFields: { additionalContext: "string", updatedMCPToolOutput: "value" },
    emptyExitTwo: "PostToolUse hook exited with code 2 but did not write feedback to stderr",
  },
  PreCompact: {
    outputName: "pre-compact",
    fields: universalFields,
    specificFields: null,
    emptyExitTwo: null,
  },
  PostCompact: {
    outputName: "post-compact",
    fields: universalFields,
    specificFields: null,
    emptyExitTwo: null,
  },
  UserPromptSubmit: {
    outputName: "user prompt submit",
    fields: { ...blockFields, hookSpecificOutput: "value" },
    specificFields: contextOnly,
    emptyExitTwo:
      "UserPromptSubmit hook exited with code 2 but did not write a blocking reason to stderr",
  },
  SubagentStop: {
    outputName: "subagent stop hook",
    fields: blockFields,
    specificFields: null,
    emptyExitTwo:
      "SubagentStop hook exited with code 2 but did not write a continuation prompt to stderr",
  },
  Stop: {
    outputName: "stop hook",
    fields: blockFields,
    specificFields: null,
    emptyExitTwo: "Stop hook exited with code 2 but did not write a continuation prompt to stderr",
  },
} as const satisfies Record<string, CodexEventOutput>;

/** An event whose hook output Codex 0.169 reads. */
export type CodexOutputEvent = keyof typeof codexHookOutputs;

/**
 * Whether Codex 0.169 reads hook output on an event (its table row).
 *
 * @example
 * ```ts
 * isCodexOutputEvent("Stop"); // true
 * isCodexOutputEvent("SessionEnd"); // false
 * ```
 */
export function isCodexOutputEvent(event: string): event is CodexOutputEvent {
  return Object.hasOwn(codexHookOutputs, event);
}
