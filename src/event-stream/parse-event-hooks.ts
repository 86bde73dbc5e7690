import { createDiagnostic, type Diagnostic, type DiagnosticCode } from "../diagnostic.js";
import { formatJsonPath } from "../shared/format-json-path.js";
import { isRecord } from "../shared/is-record.js";
import { detectConfigForm } from "./detect-config-form.js";
import type { EventHook } from "./event-hook.js";
import { eventStreamEvents, isEventStreamEvent } from "./event-stream-events.js";

/** The hooks of one list-form document, and what was wrong with it. */
export interface ParsedEventHooks {
  hooks: EventHook[];
  diagnostics: Diagnostic[];
}

type Segments = readonly (string | number)[];

const rootKeys = new Set(["hooks", "$schema", "description"]);
const entryKeys = new Set(["command", "events"]);

/**
 * Reads the event-stream list form `{"hooks": [{"command": [...], "events": [...]}]}`; never
 * throws. A malformed entry is dropped with a diagnostic (file and JSON path) and its valid
 * siblings still load; a document that is not the list form yields no hooks.
 *
 * @example
 * ```ts
 * const { hooks } = parseEventHooks({ hooks: [{ command: ["bash", "a.sh"] }] }, "hooks.json");
 * hooks[0]?.events; // [] (every event)
 * ```
 */
export function parseEventHooks(document: unknown, file: string): ParsedEventHooks {
  const parsed: ParsedEventHooks = { hooks: [], diagnostics: [] };
  const report = (
    code: DiagnosticCode,
    severity: Diagnostic["severity"],
    message: string,
    at: Segments,
  ) => {
    const path = formatJsonPath(at);
    parsed.diagnostics.push(
      createDiagnostic(code, severity, message, { file, path: path || null }),
    );
  };
  const shape = detectConfigForm(document);
  if (shape.form === "invalid") {
    const message = isRecord(document)
      ? `"hooks" must be a list of {"command": [...], "events": [...]} entries; no event-stream hooks are loaded`
      : `${file} must contain a JSON object; no event-stream hooks are loaded`;
    report("invalid_config", "error", message, isRecord(document) ? ["hooks"] : []);
    return parsed;
  }
  for (const mark of shape.mixed) {
    report("mixed_config_forms", "error", `${mark.message}; it is not loaded`, mark.at);
  }
  if (shape.form === "decision") {
    if (shape.mixed.length === 0) {
      report(
        "decision_form_config",
        "info",
        `${file} is in the decision form ("hooks" is an object keyed by event); it has no event-stream hooks`,
        ["hooks"],
      );
    }
    return parsed;
  }
  if (!isRecord(document) || !Array.isArray(document.hooks)) return parsed;
  for (const key of Object.keys(document)) {
    if (!rootKeys.has(key))
      report("unknown_field", "warning", `Unknown top-level field "${key}"`, [key]);
  }
  const marked = new Set(shape.mixed.map((mark) => mark.at[1]));
  document.hooks.forEach((entry: unknown, index) => {
    if (marked.has(index)) return;
    const hook = readEntry(entry, ["hooks", index], report);
    if (hook !== null) parsed.hooks.push({ ...hook, file, path: formatJsonPath(["hooks", index]) });
  });
  return parsed;
}

type Report = (
  code: DiagnosticCode,
  severity: Diagnostic["severity"],
  message: string,
  at: Segments,
) => void;

function readEntry(
  entry: unknown,
  at: Segments,
  report: Report,
): Omit<EventHook, "file" | "path"> | null {
  if (!isRecord(entry)) {
    report(
      "invalid_config",
      "error",
      `A hook must be an object with a "command" argv list; the entry is skipped`,
      at,
    );
    return null;
  }
  for (const key of Object.keys(entry)) {
    if (!entryKeys.has(key))
      report("unknown_field", "warning", `Unknown hook field "${key}"`, [...at, key]);
  }
  const command = readCommand(entry.command, [...at, "command"], report);
  const events = readEvents(entry.events, [...at, "events"], report);
  if (command === null || events === null) return null;
  return { command, events };
}

function readCommand(command: unknown, at: Segments, report: Report): string[] | null {
  if (typeof command === "string") {
    report(
      "invalid_config",
      "error",
      `command must be an argv list such as ["bash", "adapter.sh"], not a string (the event stream never runs a shell); the entry is skipped`,
      at,
    );
    return null;
  }
  if (!Array.isArray(command) || command.length === 0) {
    report(
      "invalid_config",
      "error",
      `command must be a non-empty argv list of strings; the entry is skipped`,
      at,
    );
    return null;
  }
  const wrong = command.findIndex((word: unknown) => typeof word !== "string");
  if (wrong !== -1) {
    report("invalid_config", "error", `command must list only strings; the entry is skipped`, [
      ...at,
      wrong,
    ]);
    return null;
  }
  if (command[0] === "") {
    report(
      "invalid_config",
      "error",
      `The program (the first argv word) must not be empty; the entry is skipped`,
      [...at, 0],
    );
    return null;
  }
  return command as string[];
}

function readEvents(events: unknown, at: Segments, report: Report): string[] | null {
  // Omitted, null or empty: every event (as the Deep Agents host reads it).
  if (events === undefined || events === null) return [];
  if (!Array.isArray(events)) {
    report(
      "invalid_config",
      "error",
      `events must be a list of event names; the entry is skipped`,
      at,
    );
    return null;
  }
  const wrong = events.findIndex((name: unknown) => typeof name !== "string");
  if (wrong !== -1) {
    report("invalid_config", "error", `events must list only strings; the entry is skipped`, [
      ...at,
      wrong,
    ]);
    return null;
  }
  const names = events as string[];
  names.forEach((name, index) => {
    if (!isEventStreamEvent(name)) {
      report(
        "unknown_event",
        "warning",
        `"${name}" is not an event-stream event; the hook receives it only if the host dispatches it (events: ${Object.keys(eventStreamEvents).join(", ")})`,
        [...at, index],
      );
    }
  });
  return names;
}
