import { createPersistentHandler, type PersistentHandler } from "./persistent-handler.js";
import type { ProcessOutcome, SpawnRequest } from "./process-outcome.js";

/** The persistent handlers of one engine, one process per handler key. */
export interface PersistentHandlerPool {
  /**
   * Sends `request.input` to the handler named `key`, starting it with the rest of `request`
   * (command, cwd, env, shell, limits) the first time; resolves with the answer as an outcome.
   */
  run(key: string, request: SpawnRequest): Promise<ProcessOutcome>;
  /** Stops every handler process; later runs are cancelled. */
  close(): Promise<void>;
}

/** Creates an empty pool; handlers start on their first event and live until `close()`. */
export function createPersistentHandlerPool(): PersistentHandlerPool {
  const handlers = new Map<string, PersistentHandler>();
  let closed = false;
  return {
    run(key, request) {
      let handler = handlers.get(key);
      if (handler === undefined || closed) {
        handler = createPersistentHandler({
          command: request.command,
          cwd: request.cwd,
          env: request.env,
          killGraceMs: request.killGraceMs,
          captureLimitBytes: request.captureLimitBytes,
          ...(request.shell !== undefined && { shell: request.shell }),
          ...(request.directExec !== undefined && { directExec: request.directExec }),
        });
        if (closed) void handler.close();
        else handlers.set(key, handler);
      }
      return handler.send({
        input: request.input,
        timeoutMs: request.timeoutMs,
        ...(request.signal !== undefined && { signal: request.signal }),
      });
    },
    async close() {
      closed = true;
      await Promise.allSettled([...handlers.values()].map((handler) => handler.close()));
    },
  };
}
