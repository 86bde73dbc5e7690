import type { Command } from "commander";
import { createEmptyDispatchResult, type DispatchResult } from "../../decide/dispatch-result.js";
import { createDiagnostic } from "../../diagnostic.js";
import { createHookEngine } from "../../engine/engine.js";
import { formatTimelineEntry, formatTimelineHeader } from "../format-timeline.js";
import { mergeEngineDiagnostics } from "../merge-engine-diagnostics.js";
import { readInput } from "../read-input.js";
import {
  addEngineOptions,
  type EngineFlags,
  toEngineOptions,
  UsageError,
} from "../shared-options.js";
import { strictOptionHelp, writeDiagnosticLines } from "../write-diagnostic-lines.js";

interface ReplayLine {
  event: string;
  payload: Record<string, unknown>;
}

/**
 * `agent-hooks replay [file.jsonl]`: dispatches every recorded event through one engine; error
 * and warning diagnostics also go to standard error, and `--strict` exits 1 on any error.
 */
export function registerReplayCommand(program: Command): void {
  addEngineOptions(
    program
      .command("replay")
      .description("replay a recorded session (JSONL of {event, payload}) through one engine")
      .argument("[file]", "JSONL file, or - for standard input (default: piped standard input)")
      .option("--pretty", "print a readable timeline instead of JSONL")
      .option("--strict", strictOptionHelp)
      .addHelpText(
        "after",
        `
Examples:
  $ agent-hooks replay examples/session.jsonl --config examples/hooks.json --pretty
  $ cat session.jsonl | agent-hooks replay --strict

Error and warning diagnostics are also printed on standard error. Exit codes: 0 replayed, 1 usage error or,
with --strict, an error diagnostic, 2 internal error.`,
      ),
  ).action(async (file: string | undefined, flags: EngineFlags & ReplayFlags) => {
    const options = toEngineOptions(flags);
    if (file === undefined && process.stdin.isTTY === true) {
      throw new UsageError("replay needs a JSONL file, - or piped standard input");
    }
    const source = file ?? "-";
    const text = await readInput(source);
    const engine = await createHookEngine(options);
    const write = (line: string) => process.stdout.write(`${line}\n`);
    if (flags.pretty) write(formatTimelineHeader(engine.profile, engine.diagnostics));
    let errors = writeDiagnosticLines(engine.diagnostics);
    const lines = text.split("\n");
    for (const [index, raw] of lines.entries()) {
      if (raw.trim() === "") continue;
      const parsed = parseReplayLine(raw);
      let result: DispatchResult;
      let payload: Record<string, unknown> = {};
      if (typeof parsed === "string") {
        result = createEmptyDispatchResult("", [
          createDiagnostic("invalid_payload", "error", `${source}:${index + 1}: ${parsed}`),
        ]);
      } else {
        payload = parsed.payload;
        result = await engine.dispatch(parsed.event, parsed.payload);
      }
      errors += writeDiagnosticLines(result.diagnostics);
      if (flags.pretty) {
        write(formatTimelineEntry(result, payload, engine.profile));
      } else {
        result.diagnostics = mergeEngineDiagnostics(engine.diagnostics, result.diagnostics);
        write(JSON.stringify(result));
      }
    }
    await engine.close();
    if (flags.strict === true && errors > 0) process.exitCode = 1;
  });
}

interface ReplayFlags {
  pretty?: boolean;
  strict?: boolean;
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
