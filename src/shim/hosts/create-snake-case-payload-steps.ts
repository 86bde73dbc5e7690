import type { ShimHostSteps } from "./bind-host-steps.js";
import { readCanonicalToolName, type ShimHost } from "./shim-host.js";

/**
 * Fills what one side's payload has beyond the other's in `payload` (written from `original`), or
 * says in `problems` what it cannot give.
 */
export type FillPayloadFields = (
  event: string,
  payload: Record<string, unknown>,
  problems: string[],
  original: Readonly<Record<string, unknown>>,
) => void;

/** What a host whose fields are Claude Code's adds to a payload it reads or writes. */
export interface PayloadFieldFillers {
  /**
   * Fills what the host's payload (`original`) lacks of Claude Code's in the canonical payload, or
   * says what it cannot give.
   */
  readFields?: FillPayloadFields;
  /** Fills what the host's payload has beyond Claude Code's (`original`, the canonical payload). */
  writeFields?: FillPayloadFields;
}

/**
 * The payload steps of a host whose fields are Claude Code's (`session_id`, `tool_name`,
 * `tool_input`): a payload is read under the canonical event and tool names and written under the
 * host's, and `fillers` add what the host's payloads have of their own.
 *
 * @example
 * ```ts
 * const steps = createSnakeCasePayloadSteps({});
 * steps.writePayload(geminiHost, "BeforeTool", { tool_name: "Bash" }, "PreToolUse").payload;
 * // { tool_name: "run_shell_command", hook_event_name: "BeforeTool" }
 * ```
 */
export function createSnakeCasePayloadSteps(
  fillers: PayloadFieldFillers,
): Pick<ShimHostSteps<Pick<ShimHost, "tools">>, "readPayload" | "writePayload"> {
  return {
    readPayload: (host, _hostEvent, event, original) => {
      const read = renameSnakeCasePayload(original, event, (name) =>
        readCanonicalToolName(host, name),
      );
      fillers.readFields?.(event, read.payload, read.problems, original);
      return { ok: true, event, ...read };
    },
    writePayload: (host, hookEvent, canonical, event) => {
      const written = renameSnakeCasePayload(canonical, hookEvent, (name) =>
        host.tools.writeName(name),
      );
      fillers.writeFields?.(event, written.payload, written.problems, canonical);
      return { ok: true, hookEvent, ...written };
    },
  };
}

// The payload under `eventName`, its tool named by `renameTool`; nothing lost yet.
function renameSnakeCasePayload(
  original: Record<string, unknown>,
  eventName: string,
  renameTool: (name: string) => string,
): { payload: Record<string, unknown>; problems: string[] } {
  const payload: Record<string, unknown> = { ...original, hook_event_name: eventName };
  if (typeof original.tool_name === "string") payload.tool_name = renameTool(original.tool_name);
  return { payload, problems: [] };
}
