import { checkEventOutputValue } from "../profiles/check-event-output-value.js";
import {
  type EventOutputValue,
  eventOutputFields,
  isEventOutputField,
} from "../profiles/event-output-fields.js";
import type { EventSpec } from "../profiles/profile.js";

/**
 * Where a `HookResult.output`'s fields go: `hookSpecificOutput`, a PermissionRequest's
 * `decision`, or plain stdout (WorktreeCreate's path); or why the event refuses them.
 */
export type PlacedEventOutput =
  | {
      kind: "placed";
      specific: Record<string, unknown>;
      decision: Record<string, unknown>;
      /** The value printed as plain stdout, where the event reads one field from it. */
      plain: string | undefined;
    }
  | { kind: "refused"; message: string };

/**
 * Sorts the fields of a `HookResult.output` by where the event's row reads them, checking each
 * against the event output field table: a field the event does not take, or a value of the wrong
 * type, is refused with a message naming it.
 *
 * @example
 * ```ts
 * placeEventOutput({ watchPaths: ["/repo/.envrc"] }, "SessionStart", claudeProfile.events.SessionStart, "claude");
 * // { kind: "placed", specific: { watchPaths: ["/repo/.envrc"] }, decision: {}, plain: undefined }
 * ```
 */
export function placeEventOutput(
  output: unknown,
  event: string,
  spec: EventSpec,
  profileName: string,
): PlacedEventOutput {
  const specific: Record<string, unknown> = {};
  const decision: Record<string, unknown> = {};
  let plain: string | undefined;
  if (output === undefined) return { kind: "placed", specific, decision, plain };
  if (typeof output !== "object" || output === null || Array.isArray(output)) {
    return refuse(`${event} output must be an object of event output fields`);
  }
  const specificNames: readonly string[] = spec.specificFields.supported.filter(isEventOutputField);
  const decisionNames: readonly string[] = (spec.decisionFields?.supported ?? []).filter(
    isEventOutputField,
  );
  for (const [name, value] of Object.entries(output)) {
    if (value === undefined) continue;
    const inSpecific = specificNames.includes(name);
    const inDecision = decisionNames.includes(name);
    if (!isEventOutputField(name) || (!inSpecific && !inDecision)) {
      const taken = [...specificNames, ...decisionNames];
      const list = taken.length === 0 ? "it takes none" : `it takes ${taken.join(", ")}`;
      return refuse(`${event} takes no output ${name} in the ${profileName} profile (${list})`);
    }
    const type = eventOutputFields[name].value;
    if (!checkEventOutputValue(value, type)) {
      return refuse(
        `${event} output ${name} must be ${describeOutputType(type)}, not ${describeValue(value)}`,
      );
    }
    if (spec.plainStdout === "output" && spec.plainStdoutField === name) {
      // Claude Code reads a command hook's WorktreeCreate path from plain stdout.
      plain = String(value);
    } else if (inSpecific) {
      specific[name] = value;
    } else {
      decision[name] = value;
    }
  }
  return { kind: "placed", specific, decision, plain };
}

function refuse(message: string): PlacedEventOutput {
  return { kind: "refused", message };
}

function describeOutputType(type: EventOutputValue): string {
  if (typeof type === "object") return `one of ${type.oneOf.map((item) => `"${item}"`).join(", ")}`;
  const descriptions = {
    string: "a string",
    boolean: "a boolean",
    object: "an object",
    list: "a list",
    "string-list": "a list of strings",
    any: "a JSON value",
  } as const satisfies Record<Exclude<EventOutputValue, object>, string>;
  return descriptions[type];
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) {
    const kinds = [...new Set(value.map((item) => (item === null ? "null" : typeof item)))];
    return kinds.length === 0 ? "an empty list" : `a list of ${kinds.join(" and ")}`;
  }
  if (typeof value === "string") return JSON.stringify(value);
  return typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
}
