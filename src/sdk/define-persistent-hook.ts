import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import {
  createNote,
  type HookHandlerDefinition,
  type HookHandling,
  handleHookInput,
  toHookHandling,
} from "./handle-hook-input.js";
import type { HookEventName, HookOutcome, HookProfileName } from "./hook-types.js";

/** A persistent hook: the event it handles (or any), the profile it writes for, its handler. */
export type PersistentHookDefinition<
  E extends HookEventName<P>,
  P extends HookProfileName = HookProfileName,
> = HookHandlerDefinition<E, P>;

/** Where a persistent hook reads requests, writes answers and reports its own problems. */
export interface PersistentHookStreams {
  input?: Readable;
  output?: Writable;
  errors?: Writable;
}

/**
 * Runs a hook as a persistent handler (`"persistent": true` in the hook's configuration): reads
 * one request per line on stdin, `{"id", "payload"}`, and answers each on stdout with
 * `{"id", "exitCode", "stdout", "stderr"}`, exactly what `defineHook` would have exited with.
 * Requests are handled concurrently and answered as they finish. A payload for another event or
 * a throw in `handle` is answered as a non-blocking error (exit code 1); a line that is not a
 * request is reported on stderr and skipped. Resolves once stdin closes and every answer is
 * written.
 *
 * @example
 * ```ts
 * import { addContext, definePersistentHook, deny } from "agent-hooks/sdk";
 *
 * definePersistentHook({
 *   event: "PreToolUse",
 *   handle: (input) =>
 *     String(input.tool_input.command).includes("rm -rf")
 *       ? deny("no recursive deletes")
 *       : addContext("checked by the guard"),
 * });
 * ```
 */
export async function definePersistentHook<
  P extends HookProfileName = "claude",
  E extends HookEventName<P> = HookEventName<P>,
>(definition: PersistentHookDefinition<E, P>, streams: PersistentHookStreams = {}): Promise<void> {
  const input = streams.input ?? process.stdin;
  const output = streams.output ?? process.stdout;
  const errors = streams.errors ?? process.stderr;
  // A host that went away must not crash the hook on a write; stdin closing ends it instead.
  output.on("error", ignoreError);
  const hook = toHookHandling(definition);
  const pending = new Set<Promise<void>>();
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  input.once("error", () => lines.close());
  lines.on("line", (line) => {
    if (line.trim() === "") return;
    const answered = answerRequest(hook, line).then((answer) => {
      if (answer.note !== null) errors.write(answer.note);
      if (answer.line !== null) output.write(answer.line);
    });
    pending.add(answered);
    void answered.finally(() => pending.delete(answered));
  });
  await new Promise<void>((resolve) => lines.once("close", resolve));
  while (pending.size > 0) await Promise.all([...pending]);
}

/** One request line's answer line (null when it has no id to answer) and a note for stderr. */
interface RequestAnswer {
  line: string | null;
  note: string | null;
}

async function answerRequest(hook: HookHandling, line: string): Promise<RequestAnswer> {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return { line: null, note: createNote(`skipped a request line that is not JSON`).stderr };
  }
  const id = isRecord(request) ? request.id : undefined;
  if (!isRecord(request) || !isRequestId(id)) {
    return { line: null, note: createNote(`skipped a request without an integer id`).stderr };
  }
  const outcome: HookOutcome = await handleHookInput(hook, request.payload);
  return { line: `${JSON.stringify({ id, ...outcome })}\n`, note: null };
}

// The engine numbers requests; it also reads a numeric string back as the same id.
function isRequestId(value: unknown): value is number | string {
  const id = typeof value === "string" ? Number(value) : value;
  return typeof id === "number" && Number.isInteger(id);
}

// Not shared/is-record.ts: the SDK loads only its own files and the profile tables (sdk-imports.test.ts).
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function ignoreError(): void {}
