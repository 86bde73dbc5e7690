import { isRecord } from "../../shared/is-record.js";
import { readGeminiToolResponse } from "./read-gemini-tool-response.js";

/**
 * Reads what a Gemini CLI payload names its own way into Claude Code's fields: AfterAgent's
 * reply `prompt_response` as Stop's `last_assistant_message`, AfterTool's `tool_response` in
 * Claude Code's shape where it can be recovered (its SessionEnd and PreCompress name their
 * trigger as Claude Code's do).
 *
 * @example
 * ```ts
 * const canonical = { prompt_response: "done" };
 * readGeminiPayloadFields("Stop", canonical, []);
 * // canonical: { prompt_response: "done", last_assistant_message: "done", stop_hook_active: false }
 * ```
 */
export function readGeminiPayloadFields(
  event: string,
  canonical: Record<string, unknown>,
  problems: string[],
): void {
  if (event === "Stop") {
    if (typeof canonical.prompt_response === "string") {
      canonical.last_assistant_message = canonical.prompt_response;
    }
    if (typeof canonical.stop_hook_active !== "boolean") canonical.stop_hook_active = false;
  }
  if (event === "PostToolUse" && isRecord(canonical.tool_response)) {
    const read = readGeminiToolResponse(
      canonical.tool_name,
      canonical.tool_input,
      canonical.tool_response,
    );
    canonical.tool_response = read.response;
    problems.push(...read.problems);
  }
}

/**
 * Gives a canonical payload written for a Gemini CLI hook the fields Gemini CLI sends: an ISO
 * `timestamp`, and on AfterAgent `prompt_response` and `prompt` (empty when not known).
 *
 * @example
 * ```ts
 * writeGeminiPayloadFields("Stop", { last_assistant_message: "done" }, []);
 * ```
 */
export function writeGeminiPayloadFields(
  event: string,
  payload: Record<string, unknown>,
  problems: string[],
): void {
  if (typeof payload.timestamp !== "string") payload.timestamp = new Date().toISOString();
  if (event === "Stop") {
    payload.prompt_response =
      typeof payload.last_assistant_message === "string" ? payload.last_assistant_message : "";
    if (typeof payload.prompt !== "string") {
      payload.prompt = "";
      problems.push("the turn's prompt is not known; AfterAgent's prompt is empty");
    }
  }
}
