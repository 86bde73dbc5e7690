import { formatJsonPath, type JsonPathSegment } from "../shared/format-json-path.js";
import { isRecord } from "../shared/is-record.js";
import { type ConversionIssue, createLossyIssue, createNoteIssue } from "./conversion-issue.js";
import { findHandlerKey, type HandlerSlot, type HookFormat } from "./hook-format.js";
import type { CarriedField, PortableCommand, PortableHook } from "./portable-hooks.js";
import type { MatcherReading } from "./read-matcher.js";
import { resolveDefaultTimeout } from "./resolve-default-timeout.js";

/** Where a handler sits in the source and how to read it. */
export interface HandlerContext {
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

type SlotValue = string | readonly string[] | number | boolean | Readonly<Record<string, string>>;
type SlotCheck = { ok: true; value: SlotValue } | { ok: false; problem: string };

/**
 * Reads one handler object into a portable hook. A handler that cannot run in its own format
 * (no type, no command) is skipped with a lossy issue; a field with a bad value is dropped with
 * one; fields the model has no place for are carried.
 */
export function readHandler(handler: unknown, context: HandlerContext): PortableHook | null {
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
    timeoutSeconds: readTimeout(slots.get("timeout"), type, context, path),
    statusMessage: readString(slots.get("statusMessage")),
    cwd: readString(slots.get("cwd")),
    env: (slots.get("env") as Readonly<Record<string, string>> | undefined) ?? null,
    if: readString(slots.get("if")),
    additionalContextLimit: (slots.get("additionalContextLimit") as number | undefined) ?? null,
    async: (slots.get("async") as boolean | undefined) ?? null,
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
  context: HandlerContext,
): Map<HandlerSlot, SlotValue> {
  const slots = new Map<HandlerSlot, SlotValue>();
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
    const checked = checkSlotValue(slot, value, context.format.argv && slot === "command");
    if (!checked.ok) {
      context.issues.push(
        createLossyIssue(`"${key}"`, fieldPath, `${checked.problem}; it is dropped`),
      );
      droppedKeys.add(key);
      continue;
    }
    slots.set(slot, checked.value);
    usedKeys.set(slot, key);
  }
  return slots;
}

function checkSlotValue(slot: HandlerSlot, value: unknown, allowArgv: boolean): SlotCheck {
  switch (slot) {
    case "command":
      if (typeof value === "string" && value.trim() !== "") return { ok: true, value };
      if (allowArgv && isStringList(value) && value.length > 0) return { ok: true, value };
      return {
        ok: false,
        problem: allowArgv
          ? "must be a non-empty string or list of strings"
          : "must be a non-empty string",
      };
    case "windows":
    case "linux":
    case "osx":
      return typeof value === "string" && value.trim() !== ""
        ? { ok: true, value }
        : { ok: false, problem: "must be a non-empty string" };
    case "arguments":
      return isStringList(value)
        ? { ok: true, value }
        : { ok: false, problem: "must be a list of strings" };
    case "timeout":
      return typeof value === "number" && Number.isFinite(value) && value > 0
        ? { ok: true, value }
        : { ok: false, problem: "must be a positive number of seconds" };
    case "statusMessage":
    case "cwd":
    case "if":
      return typeof value === "string"
        ? { ok: true, value }
        : { ok: false, problem: "must be a string" };
    case "env":
      return isRecord(value) && Object.values(value).every((item) => typeof item === "string")
        ? { ok: true, value: value as Record<string, string> }
        : { ok: false, problem: "must be an object of string values" };
    case "additionalContextLimit":
      return typeof value === "number" && Number.isInteger(value) && value >= 0
        ? { ok: true, value }
        : { ok: false, problem: "must be a whole number of tokens, 0 or more" };
    case "async":
      return typeof value === "boolean"
        ? { ok: true, value }
        : { ok: false, problem: "must be true or false" };
  }
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function buildCommand(
  slots: Map<HandlerSlot, SlotValue>,
  context: HandlerContext,
  path: string,
): PortableCommand {
  const base = slots.get("command") as string | readonly string[] | undefined;
  const args = slots.get("arguments") as readonly string[] | undefined;
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
    windows: (slots.get("windows") as string | undefined) ?? null,
    linux: (slots.get("linux") as string | undefined) ?? null,
    osx: (slots.get("osx") as string | undefined) ?? null,
  };
}

function hasCommand(command: PortableCommand, format: HookFormat): boolean {
  if (command.default !== null) return true;
  if (format.defaultCommandRequired) return false;
  return command.windows !== null || command.linux !== null || command.osx !== null;
}

function readTimeout(
  value: SlotValue | undefined,
  type: string,
  context: HandlerContext,
  path: string,
): number {
  const { format, event, nativeEvent } = context;
  const seconds = typeof value === "number" ? value : resolveDefaultTimeout(format, event, type);
  const maximum = format.events[event]?.maxTimeoutSeconds;
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

function readString(value: SlotValue | undefined): string | null {
  return typeof value === "string" ? value : null;
}
