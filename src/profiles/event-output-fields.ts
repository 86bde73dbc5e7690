/**
 * The JSON type an event output field must have: a string, a boolean, an object, a list (of
 * strings), any JSON value, or one of a few strings.
 */
export type EventOutputValue =
  | "string"
  | "boolean"
  | "object"
  | "list"
  | "string-list"
  | "any"
  | { oneOf: readonly string[] };

/**
 * How the values several handlers return for one field combine, in configuration order: the first
 * handler's value wins, or lists are concatenated.
 */
export type EventOutputMerge = "first" | "concatenate";

/** One event output field: the type its value must have and how values of several handlers merge. */
export interface EventOutputField {
  value: EventOutputValue;
  merge: EventOutputMerge;
  /** What the field asks of the host, for the schemas and docs. */
  description: string;
}

/**
 * The `hookSpecificOutput` fields the pipeline carries to the host without interpreting them: an
 * event row that lists one in `specificFields.supported` (or `decisionFields.supported`) passes
 * its value on in the dispatch result's `eventOutput`, checked against its type.
 *
 * @example
 * ```ts
 * eventOutputFields.watchPaths; // { value: "string-list", merge: "concatenate", … }
 * ```
 */
export const eventOutputFields = {
  initialUserMessage: {
    value: "string",
    merge: "first",
    description: "A first user message the session starts with",
  },
  sessionTitle: { value: "string", merge: "first", description: "A title for the session" },
  watchPaths: {
    value: "string-list",
    merge: "concatenate",
    description: "Absolute paths whose changes fire FileChanged",
  },
  updatedToolOutput: {
    value: "any",
    merge: "first",
    description: "The tool output the model sees instead of the real one",
  },
  updatedMCPToolOutput: {
    value: "any",
    merge: "first",
    description: "The older name of updatedToolOutput, for MCP tools",
  },
  updatedPermissions: {
    value: "list",
    merge: "concatenate",
    description: "Permission rule updates applied with an allow",
  },
  interrupt: {
    value: "boolean",
    merge: "first",
    description: "true with a deny stops the agent's turn",
  },
  retry: {
    value: "boolean",
    merge: "first",
    description: "true lets the model retry the denied call",
  },
  displayContent: {
    value: "string",
    merge: "first",
    description: "The text shown to the user instead of the message",
  },
  action: {
    value: { oneOf: ["accept", "decline", "cancel"] },
    merge: "first",
    description: "The answer to the elicitation",
  },
  content: {
    value: "object",
    merge: "first",
    description: "The form values sent with an accept",
  },
  worktreePath: {
    value: "string",
    merge: "first",
    description: "The path of the worktree the hook created",
  },
} as const satisfies Readonly<Record<string, EventOutputField>>;

/** The name of a field the pipeline carries in `eventOutput`. */
export type EventOutputFieldName = keyof typeof eventOutputFields;

/** Whether `name` is a field the pipeline carries in `eventOutput` (own keys only). */
export function isEventOutputField(name: string): name is EventOutputFieldName {
  return Object.hasOwn(eventOutputFields, name);
}
