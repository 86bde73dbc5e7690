import {
  acceptsFieldValue,
  type FieldKind,
  type FieldValue,
  type HandlerField,
} from "../config/dialects/field-kinds.js";
import {
  commandHandlerFields,
  deepagentsHandlerFields,
  localEntryFields,
} from "../config/dialects/handler-fields.js";
import { formatJsonPath, type JsonPathSegment } from "../shared/format-json-path.js";
import { isRecord } from "../shared/is-record.js";
import { readOwn } from "../shared/read-own.js";
import { type ConversionIssue, createLossyIssue, createNoteIssue } from "./conversion-issue.js";
import { convertUnitToSeconds } from "./convert-timeout-unit.js";
import { findHandlerKey, type HandlerSlot, type HookFormat } from "./hook-format.js";
import type { CarriedField, PortableCommand, PortableHook } from "./portable-hooks.js";
import type { MatcherReading } from "./read-matcher.js";
import { resolveDefaultTimeout } from "./resolve-default-timeout.js";

/** Where a handler sits in the source and how to read it. */
export interface ConversionHandlerContext {
  format: HookFormat;
  /** Handler keys and their slots in priority order (ZeroCode's TOML adds `command_windows`). */
  handlerKeys: HookFormat["handlerKeys"];
  /** Canonical event name. */
  event: string;
  /** The event as the source spells it. */
  nativeEvent: string;
  segments: readonly JsonPathSegment[];
  matcher: MatcherReading;
  matcherPath: string | null;
  group: number | null;
  issues: ConversionIssue[];
}

/** Each slot is read as the engine's handler field tables read the field it stands for. */
const slotFields = {
  // A command that may be a list of words, as Deep Agents Code reads it (formats with `argv`).
  command: deepagentsHandlerFields.command,
  arguments: commandHandlerFields.args,
  // A per-OS command is read as ZeroCode's override is: trimmed, not blank.
  windows: commandHandlerFields.commandWindows,
  linux: commandHandlerFields.commandWindows,
  osx: commandHandlerFields.commandWindows,
  timeout: commandHandlerFields.timeout,
  statusMessage: commandHandlerFields.statusMessage,
  // Kept as written even when blank: the target format's reader decides.
  cwd: { kind: "text" },
  env: localEntryFields.env,
  if: commandHandlerFields.if,
  additionalContextLimit: commandHandlerFields.additionalContextLimit,
  async: commandHandlerFields.async,
} as const satisfies Record<HandlerSlot, HandlerField>;

// Convert's own wording of a dropped value, by the kind of field it was read as.
const problemByKind = {
  text: "must be a string",
  "trimmed-text": "must be a non-empty string",
  command: "must be a non-empty string or list of strings",
  "text-list": "must be a list of strings",
  seconds: "must be a positive number of seconds",
  "text-record": "must be an object of string values",
  "json-object": "must be an object",
  tokens: "must be a whole number of tokens, 0 or more",
  boolean: "must be true or false",
} as const satisfies Record<FieldKind, string>;

type SlotValues = { -readonly [Slot in HandlerSlot]?: FieldValue<(typeof slotFields)[Slot]> };

/**
 * Reads one handler object into a portable hook. A handler that cannot run in its own format
 * (no type, no command) is skipped with a lossy issue; a field with a bad value is dropped with
 * one; fields the model has no place for are carried.
 */
export function readHandler(
  handler: unknown,
  context: ConversionHandlerContext,
): PortableHook | null {
  const { format, segments, issues } = context;
  const path = formatJsonPath(segments);
  if (!isRecord(handler)) {
    issues.push(createLossyIssue("handler", path, "is not an object; it is skipped"));
    return null;
  }
  if (typeof handler.type !== "string" || handler.type === "") {
    issues.push(createLossyIssue("handler", path, 'has no "type"; it is skipped'));
    return null;
  }
  const type = handler.type;
  const slots = readSlots(handler, context);
  const command = buildCommand(slots, context, path);
  if (type === "command" && !hasCommand(command, format)) {
    const required = format.defaultCommandRequired
      ? `"${format.handlerKeys[0]?.[0] ?? "command"}"`
      : "command";
    issues.push(
      createLossyIssue(
        "handler",
        path,
        `has no ${required}, so ${format.title} does not run it; it is skipped`,
      ),
    );
    return null;
  }
  for (const [key, reason] of Object.entries(format.ignoredHandlerKeys)) {
    if (Object.hasOwn(handler, key)) {
      issues.push(createNoteIssue(`"${key}"`, formatJsonPath([...segments, key]), reason));
    }
  }
  const known = new Set([
    "type",
    ...context.handlerKeys.map(([key]) => key),
    ...Object.keys(format.ignoredHandlerKeys),
  ]);
  const extraFields: CarriedField[] = Object.entries(handler)
    .filter(([key]) => !known.has(key))
    .map(([key, value]) => ({
      segments: [key],
      value,
      path: formatJsonPath([...segments, key]),
      consequence: null,
    }));
  return {
    event: context.event,
    matcher: context.matcher.matcher,
    matcherFormat: context.matcher.matcherFormat,
    type,
    command,
    timeoutSeconds: readTimeout(slots.timeout, type, context, path),
    statusMessage: slots.statusMessage ?? null,
    cwd: slots.cwd ?? null,
    env: slots.env ?? null,
    if: slots.if ?? null,
    additionalContextLimit: slots.additionalContextLimit ?? null,
    async: slots.async ?? null,
    extraFields,
    origin: {
      format: format.name,
      event: context.nativeEvent,
      path,
      matcherPath: context.matcherPath,
      group: context.group,
    },
  };
}

function readSlots(
  handler: Record<string, unknown>,
  context: ConversionHandlerContext,
): SlotValues {
  const slots: Partial<Record<HandlerSlot, unknown>> = {};
  const usedKeys = new Map<HandlerSlot, string>();
  // One key may fill two slots (Copilot's `bash`: Linux and macOS); a bad value is reported once.
  const droppedKeys = new Set<string>();
  for (const [key, slot] of context.handlerKeys) {
    const value = handler[key];
    if (!Object.hasOwn(handler, key) || value === undefined || droppedKeys.has(key)) continue;
    const fieldPath = formatJsonPath([...context.segments, key]);
    const firstKey = usedKeys.get(slot);
    if (firstKey !== undefined) {
      context.issues.push(
        createLossyIssue(`"${key}"`, fieldPath, `duplicates "${firstKey}", which is used instead`),
      );
      continue;
    }
    const field: HandlerField =
      slot === "command" && !context.format.argv ? commandHandlerFields.command : slotFields[slot];
    // The value is kept as written (not trimmed): the target writes it back.
    if (!acceptsFieldValue(field, value)) {
      context.issues.push(
        createLossyIssue(`"${key}"`, fieldPath, `${problemByKind[field.kind]}; it is dropped`),
      );
      droppedKeys.add(key);
      continue;
    }
    slots[slot] = value;
    usedKeys.set(slot, key);
  }
  return slots as SlotValues;
}

function buildCommand(
  slots: SlotValues,
  context: ConversionHandlerContext,
  path: string,
): PortableCommand {
  const base = slots.command;
  const args = slots.arguments;
  let command: string | readonly string[] | null = base ?? null;
  if (args !== undefined) {
    if (typeof base === "string") command = [base, ...args];
    else {
      context.issues.push(
        createLossyIssue('"args"', `${path}.args`, 'needs a "command" string; it is dropped'),
      );
    }
  }
  return {
    default: command,
    windows: slots.windows ?? null,
    linux: slots.linux ?? null,
    osx: slots.osx ?? null,
  };
}

function hasCommand(command: PortableCommand, format: HookFormat): boolean {
  if (command.default !== null) return true;
  if (format.defaultCommandRequired) return false;
  return command.windows !== null || command.linux !== null || command.osx !== null;
}

function readTimeout(
  value: number | undefined,
  type: string,
  context: ConversionHandlerContext,
  path: string,
): number {
  const { format, event, nativeEvent } = context;
  const seconds =
    value === undefined
      ? resolveDefaultTimeout(format, event, type)
      : convertUnitToSeconds(value, format.timeoutUnit);
  const maximum = readOwn(format.events, event)?.maxTimeoutSeconds;
  if (maximum === undefined || seconds <= maximum) return seconds;
  const key = findHandlerKey(format, "timeout") ?? "timeout";
  context.issues.push(
    createNoteIssue(
      `timeout ${seconds} s`,
      `${path}.${key}`,
      `${format.title} runs ${nativeEvent} hooks for at most ${maximum} s, so it is read as ${maximum} s`,
    ),
  );
  return maximum;
}
