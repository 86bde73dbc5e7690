import type { Diagnostic } from "../diagnostic.js";
import type { Decision, RunStatus } from "./dispatch-result.js";

/** What one handler's exit code and output mean for its event, before combining. */
export interface HandlerVerdict {
  status: RunStatus;
  decision: Decision | null;
  reason: string | null;
  /** False when the handler returned `continue: false`. */
  continue: boolean;
  stopReason: string | null;
  systemMessage: string | null;
  additionalContext: string | null;
  /** A tool-input rewrite the profile applies, or undefined. */
  updatedInput?: unknown;
  /** The event output fields this handler returned (already type-checked), or undefined. */
  eventOutput?: Record<string, unknown>;
  /** Variables the handler exported through its environment file, or undefined. */
  environment?: Readonly<Record<string, string>>;
  diagnostics: Diagnostic[];
}

/** A verdict that decides nothing, for a given status. */
export function createEmptyVerdict(status: RunStatus): HandlerVerdict {
  return {
    status,
    decision: null,
    reason: null,
    continue: true,
    stopReason: null,
    systemMessage: null,
    additionalContext: null,
    diagnostics: [],
  };
}
