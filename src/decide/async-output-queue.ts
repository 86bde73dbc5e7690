import type { HookDefinition } from "../config/hook-definition.js";
import type { Diagnostic } from "../diagnostic.js";

/** What one ended `async` handler left for the next dispatch of its session. */
export interface QueuedAsyncOutput {
  sessionId: string;
  hookId: string;
  /** The handler, named in the delivery diagnostic. */
  hook: Pick<HookDefinition, "event" | "command" | "file" | "path">;
  additionalContext: string | null;
  systemMessage: string | null;
  /** What its run reported on the way (a timeout, invalid output, an ignored decision). */
  diagnostics: readonly Diagnostic[];
}

/** Async output waiting for the next dispatch of its session, each entry delivered once. */
export interface AsyncOutputQueue {
  add(output: QueuedAsyncOutput): void;
  /** Removes and returns the session's entries, oldest first. */
  take(sessionId: string): QueuedAsyncOutput[];
  /** Drops every entry (the engine closed). */
  clear(): void;
}

/**
 * Creates an empty per-session queue of async handler output.
 *
 * @example
 * ```ts
 * const queue = createAsyncOutputQueue();
 * queue.add(output);
 * const delivered = queue.take(output.sessionId); // [output]; a second take returns []
 * ```
 */
export function createAsyncOutputQueue(): AsyncOutputQueue {
  // A Map, so a session named "__proto__" is a session like any other.
  const sessions = new Map<string, QueuedAsyncOutput[]>();
  return {
    add(output) {
      const waiting = sessions.get(output.sessionId);
      if (waiting === undefined) sessions.set(output.sessionId, [output]);
      else waiting.push(output);
    },
    take(sessionId) {
      const waiting = sessions.get(sessionId) ?? [];
      sessions.delete(sessionId);
      return waiting;
    },
    clear() {
      sessions.clear();
    },
  };
}
