import type { Command } from "commander";
import { createEmptyDispatchResult, type DispatchResult } from "../../decide/dispatch-result.js";
import { createDiagnostic } from "../../diagnostic.js";
import { createHookEngine } from "../../engine.js";
import { formatTimelineEntry, formatTimelineHeader } from "../format-timeline.js";
import { readInput } from "../read-input.js";
import { addEngineOptions, type EngineFlags, toEngineOptions } from "../shared-options.js";

interface ReplayLine {
  event: string;
  payload: Record<string, unknown>;
}

/** `agent-hooks replay <file.jsonl>`: dispatches every recorded event through one engine. */
export function registerReplayCommand(program: Command): void {
  addEngineOptions(
    program
      .command("replay")
      .description("replay a recorded session (JSONL of {event, payload}) through one engine")
      .argument("<file>", "JSONL file, or - for standard input")
      .option("--pretty", "print a readable timeline instead of JSONL"),
  ).action(async (file: string, flags: EngineFlags & { pretty?: boolean }) => {
    const options = toEngineOptions(flags);
    const text = await readInput(file);
    const engine = await createHookEngine(options);
    const write = (line: string) => process.stdout.write(`${line}\n`);
    if (flags.pretty) write(formatTimelineHeader(engine.profile, engine.diagnostics));
    const lines = text.split("\n");
    for (const [index, raw] of lines.entries()) {
      if (raw.trim() === "") continue;
      const parsed = parseReplayLine(raw);
      let result: DispatchResult;
      let payload: Record<string, unknown> = {};
      if (typeof parsed === "string") {
        result = createEmptyDispatchResult("", [
          createDiagnostic("invalid_payload", "error", `${file}:${index + 1}: ${parsed}`),
        ]);
      } else {
        payload = parsed.payload;
        result = await engine.dispatch(parsed.event, parsed.payload);
      }
      if (flags.pretty) {
        write(formatTimelineEntry(result, payload, engine.profile));
      } else {
        result.diagnostics = [...engine.diagnostics, ...result.diagnostics];
        write(JSON.stringify(result));
      }
    }
    await engine.close();
  });
}

function parseReplayLine(raw: string): ReplayLine | string {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return `not valid JSON (${(error as Error).message})`;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return 'a line must be a JSON object {"event": …, "payload": {…}}';
  }
  const { event, payload } = value as Record<string, unknown>;
  if (typeof event !== "string" || event === "") return 'a line needs a string "event"';
  if (payload === undefined) return { event, payload: {} };
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return '"payload" must be a JSON object';
  }
  return { event, payload: payload as Record<string, unknown> };
}
