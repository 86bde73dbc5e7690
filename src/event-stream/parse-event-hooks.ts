import { detectConfigForm } from "../config/detect-config-form.js";
import { createDiagnostic, type Diagnostic, type DiagnosticCode } from "../diagnostic.js";
import { formatJsonPath } from "../shared/format-json-path.js";
import { isRecord } from "../shared/is-record.js";
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

/** Reports why an entry is dropped (an `invalid_config` error) and returns null. */
function skipEntry(report: Report, problem: string, at: Segments): null {
  report("invalid_config", "error", `${problem}; the entry is skipped`, at);
  return null;
}

function readEntry(
  entry: unknown,
  at: Segments,
  report: Report,
): Omit<EventHook, "file" | "path"> | null {
  if (!isRecord(entry)) {
    return skipEntry(report, `A hook must be an object with a "command" argv list`, at);
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

/** The list when every item is a string; otherwise null, with the first other item reported. */
function readStrings(
  list: unknown[],
  field: string,
  at: Segments,
  report: Report,
): string[] | null {
  const wrong = list.findIndex((item) => typeof item !== "string");
  if (wrong === -1) return list as string[];
  return skipEntry(report, `${field} must list only strings`, [...at, wrong]);
}

function readCommand(command: unknown, at: Segments, report: Report): string[] | null {
  if (typeof command === "string") {
    const problem = `command must be an argv list such as ["bash", "adapter.sh"], not a string (the event stream never runs a shell)`;
    return skipEntry(report, problem, at);
  }
  if (!Array.isArray(command) || command.length === 0) {
    return skipEntry(report, `command must be a non-empty argv list of strings`, at);
  }
  const words = readStrings(command, "command", at, report);
  if (words?.[0] === "") {
    const problem = `The program (the first argv word) must not be empty`;
    return skipEntry(report, problem, [...at, 0]);
  }
  return words;
}

function readEvents(events: unknown, at: Segments, report: Report): string[] | null {
  // Omitted, null or empty: every event (as the Deep Agents host reads it).
  if (events === undefined || events === null) return [];
  if (!Array.isArray(events)) {
    return skipEntry(report, `events must be a list of event names`, at);
  }
  const names = readStrings(events, "events", at, report);
  names?.forEach((name, index) => {
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
