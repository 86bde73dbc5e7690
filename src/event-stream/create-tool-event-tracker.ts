import { capToolOutput } from "./cap-tool-output.js";
import type { EventDispatcher } from "./create-event-dispatcher.js";
import { parseToolArguments } from "./parse-tool-arguments.js";
import { stringifyOutput } from "./stringify-output.js";

/**
 * How a tool call ended: it ran (`success`), raised (`error`), or the user rejected or cancelled
 * it (`rejected`, `cancelled`); all but `success` are sent as `tool_status: "error"`.
 */
export type ToolCallState = "success" | "error" | "rejected" | "cancelled";

/** One tool call the host reports as it streams and runs; calls after `finish` are ignored. */
export interface TrackedToolCall {
  /** Adds a chunk of the streamed argument JSON (ignored once `tool.use` has fired). */
  appendArguments(chunk: string): void;
  /** Records the tool-call id (the first non-empty id wins). */
  setId(id: string): void;
  /** Marks the arguments complete: `tool.use` fires now if they parse and the id is known. */
  completeArguments(): void;
  /**
   * Reports the terminal state and the tool's output: fires `tool.result` (and `tool.error`
   * beside an error). Completes the arguments first, so a call whose `tool.use` was still
   * waiting gets it just before its result.
   */
  finish(state: ToolCallState, output?: unknown): void;
}

/** Turns a host's streamed tool calls into `tool.use`, `tool.result` and `tool.error` events. */
export interface ToolEventTracker {
  /** Starts tracking a call of the tool `name`, optionally with its id already known. */
  beginToolCall(name: string, id?: string | null): TrackedToolCall;
}

/**
 * A tool-event tracker over `dispatcher`. Every event is fire-and-forget (unordered): handlers
 * must correlate a `tool.use` and its `tool.result` by `tool_id`.
 *
 * - `tool.use` `{tool_name, tool_id, tool_args}` fires once the arguments are complete, parse as
 *   JSON and the id is known; otherwise the call never gets one.
 * - `tool.result` `{tool_name, tool_id, tool_args, tool_status, tool_output}` fires for every
 *   terminal state; `tool_args` is `{}` unless a `tool.use` fired for the call; `tool_id` is null
 *   when the call had no id; `tool_output` is capped at `dispatcher.outputLimit` characters.
 * - `tool.error` `{tool_names: [name]}` fires beside every `tool_status: "error"` result.
 *
 * @example
 * ```ts
 * const tools = createToolEventTracker(dispatcher);
 * const call = tools.beginToolCall("write_file");
 * call.appendArguments('{"file_path": "src/foo.py", ');
 * call.appendArguments('"content": "..."}');
 * call.setId("toolu_abc123");
 * call.completeArguments(); // tool.use
 * call.finish("success", "Updated file src/foo.py"); // tool.result
 * ```
 */
export function createToolEventTracker(
  dispatcher: Pick<EventDispatcher, "dispatchFireAndForget" | "outputLimit">,
): ToolEventTracker {
  return {
    beginToolCall(name, initialId) {
      let argumentText = "";
      let id: string | null = null;
      let argumentsComplete = false;
      let usedArguments: Record<string, unknown> | null = null;
      let finished = false;

      const setId = (value: string | null | undefined): void => {
        if (id === null && typeof value === "string" && value !== "") id = value;
      };
      const fireToolUse = (): void => {
        if (usedArguments !== null || !argumentsComplete || id === null) return;
        const parsed = parseToolArguments(argumentText);
        // Arguments that never parse get no tool.use; their result carries {}.
        if (!parsed.ok) return;
        usedArguments = parsed.value;
        dispatcher.dispatchFireAndForget("tool.use", {
          tool_name: name,
          tool_id: id,
          tool_args: usedArguments,
        });
      };
      setId(initialId);

      return {
        appendArguments(chunk) {
          if (finished || usedArguments !== null) return;
          argumentText += chunk;
        },
        setId(value) {
          if (finished) return;
          setId(value);
          fireToolUse();
        },
        completeArguments() {
          if (finished) return;
          argumentsComplete = true;
          fireToolUse();
        },
        finish(state, output) {
          if (finished) return;
          argumentsComplete = true;
          fireToolUse();
          finished = true;
          const status = state === "success" ? "success" : "error";
          dispatcher.dispatchFireAndForget("tool.result", {
            tool_name: name,
            tool_id: id,
            tool_args: usedArguments ?? {},
            tool_status: status,
            tool_output: capToolOutput(stringifyOutput(output), dispatcher.outputLimit),
          });
          if (status === "error") {
            dispatcher.dispatchFireAndForget("tool.error", { tool_names: [name] });
          }
        },
      };
    },
  };
}
