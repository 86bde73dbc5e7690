import { createEmptyDispatchResult, type DispatchResult } from "../decide/dispatch-result.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { DispatchOptions, HookEngine } from "../engine.js";
import type { ExplainOptions, HookExplanation } from "../explain/explain-hooks.js";
import { findEventSpec, resolveEventName } from "../profiles/find-event-spec.js";
import type { Profile } from "../profiles/profile.js";
import { type ProfileName, resolveProfile } from "../profiles/profiles.js";
import { createUnavailableResult, type FailMode } from "./create-unavailable-result.js";
import { parseDispatchResult, parseInitializeResult } from "./dispatch-result-schema.js";
import { parseHookExplanation } from "./hook-explanation-schema.js";
import {
  formatJsonRpcError,
  formatJsonRpcRequest,
  type JsonRpcMessage,
  jsonRpcErrorCodes,
  readJsonRpcMessage,
  remoteMethods,
} from "./json-rpc-message.js";
import {
  type ConnectChannel,
  ConnectionRefusedError,
  defaultMaxMessageBytes,
  type MessageChannel,
} from "./message-channel.js";

/** Options of {@link createRemoteHookEngine}. */
export interface RemoteHookEngineOptions {
  /** The profile the hook side serves (event names, which events can deny); default `deepagents`. */
  profile?: ProfileName | Profile;
  /** The most one dispatch or explain may take, waiting for a connection included; default 60 000. */
  timeoutMs?: number;
  /** `open` (the default): no decision when the hooks cannot be reached; `closed`: deny tool calls. */
  failMode?: FailMode;
  /** The first delay before reconnecting, doubled after each failure; default 100 ms. */
  reconnectDelayMs?: number;
  /** The longest delay between reconnection attempts; default 2 000 ms. */
  maxReconnectDelayMs?: number;
  /** The largest request sent, in UTF-8 bytes; a larger one is refused without sending. */
  maxMessageBytes?: number;
  /** Receives one line per notable event (connected, lost, a late answer dropped), for logs. */
  onLog?: (message: string) => void;
}

/** A request waiting for its answer. */
interface Pending {
  text: string;
  /** The channel it went out on, or null while it waits for a connection. */
  sentOn: MessageChannel | null;
  timer: NodeJS.Timeout;
  answer(message: Extract<JsonRpcMessage, { kind: "result" | "error" }>): void;
  fail(reason: string): void;
  /** The engine closed first. */
  cancel(): void;
}

/**
 * An engine on the agent side that runs no hooks itself: each dispatch (and explain) goes to the
 * side where the hooks are configured ({@link serveHookEngine}) and comes back as the same
 * `DispatchResult` (or `HookExplanation`).
 * It reconnects with backoff when the connection drops; a dispatch that cannot be answered
 * within `timeoutMs` gets a `remote_unavailable` diagnostic (and, failing closed, a deny).
 *
 * @example
 * ```ts
 * const engine = createRemoteHookEngine(
 *   connectWebSocket("ws://127.0.0.1:7777", { token: process.env.AGENT_HOOKS_TOKEN ?? "" }),
 *   { timeoutMs: 10_000, failMode: "closed" },
 * );
 * const result = await engine.dispatch("PreToolUse", {
 *   tool_name: "Bash",
 *   tool_input: { command: "rm -rf build" },
 * });
 * if (result.decision === "deny") console.log(result.reason);
 * await engine.close();
 * ```
 */
export function createRemoteHookEngine(
  transport: ConnectChannel,
  options: RemoteHookEngineOptions = {},
): HookEngine {
  const profile = resolveProfile(options.profile ?? "deepagents");
  const timeoutMs = options.timeoutMs ?? 60_000;
  const failMode = options.failMode ?? "open";
  const firstDelayMs = options.reconnectDelayMs ?? 100;
  const maxDelayMs = options.maxReconnectDelayMs ?? 2000;
  const maxMessageBytes = options.maxMessageBytes ?? defaultMaxMessageBytes;
  const log = (message: string) => {
    try {
      options.onLog?.(message);
    } catch {
      // A logger's failure must not break dispatch.
    }
  };

  const pending = new Map<number, Pending>();
  let channel: MessageChannel | null = null;
  let connecting = false;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let lastProblem: string | null = null;
  let refused = false;
  let closed = false;
  let nextId = 1;
  let loadDiagnostics: readonly Diagnostic[] = [];

  const send = (entry: Pending) => {
    // Marked first: a synchronous channel may deliver the answer before `send` returns.
    entry.sentOn = channel;
    if (channel?.send(entry.text) !== true) entry.sentOn = null;
  };

  const connect = () => {
    if (closed || connecting || channel !== null || reconnectTimer !== null) return;
    connecting = true;
    // A transport that throws at once is a failed attempt like any other.
    Promise.resolve()
      .then(transport)
      .then(
        (opened) => {
          connecting = false;
          if (closed) {
            opened.close();
            return;
          }
          lastProblem = null;
          refused = false;
          channel = opened;
          log("connected");
          opened.listen({
            message: (text) => receive(opened, text),
            oversized: (limitBytes) => log(`dropped an answer over ${limitBytes} bytes`),
            close: (reason) => drop(opened, reason),
          });
          if (channel !== opened) return;
          initialize();
          for (const entry of pending.values()) if (entry.sentOn === null) send(entry);
        },
        (error: unknown) => {
          connecting = false;
          lastProblem = `cannot connect: ${error instanceof Error ? error.message : String(error)}`;
          log(lastProblem);
          refused = error instanceof ConnectionRefusedError;
          if (refused) failUnsent(lastProblem);
          scheduleReconnect();
        },
      );
  };

  // Requests still waiting for a connection end at once when the hook side refused this agent.
  const failUnsent = (problem: string) => {
    for (const [id, entry] of pending) {
      if (entry.sentOn !== null) continue;
      pending.delete(id);
      clearTimeout(entry.timer);
      entry.fail(`not connected (${problem})`);
    }
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer !== null) return;
    const ceiling = refused ? maxDelayMs : Math.min(maxDelayMs, firstDelayMs * 2 ** failures);
    failures += 1;
    // Jitter keeps many agents from reconnecting in step after the hook side restarts.
    const delay = Math.round(ceiling * (0.5 + Math.random() * 0.5));
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, delay);
    // Waiting to reconnect must not keep an idle host process alive.
    reconnectTimer.unref();
  };

  const drop = (dropped: MessageChannel, reason: string) => {
    if (channel !== dropped) return;
    channel = null;
    dropped.close();
    lastProblem = `connection lost (${reason})`;
    log(lastProblem);
    // A request already sent may or may not have run its hooks: it is not sent again.
    for (const [id, entry] of pending) {
      if (entry.sentOn !== dropped) continue;
      pending.delete(id);
      clearTimeout(entry.timer);
      entry.fail(`the connection was lost before the answer (${reason})`);
    }
    scheduleReconnect();
  };

  const receive = (from: MessageChannel, text: string) => {
    const message = readJsonRpcMessage(text);
    if (message.kind === "request") {
      // The hook side may only answer; an agent runs nothing it is asked to.
      from.send(
        formatJsonRpcError(message.id, jsonRpcErrorCodes.methodNotFound, "Method not found"),
      );
      return;
    }
    if (message.kind !== "result" && message.kind !== "error") {
      log(`ignored a message that is not an answer (${message.kind})`);
      return;
    }
    const { id } = message;
    const entry = typeof id === "number" ? pending.get(id) : undefined;
    // Only an answer on the connection its request went out on counts.
    if (typeof id !== "number" || entry === undefined || entry.sentOn !== from) {
      log(`dropped a late or unknown answer (id ${JSON.stringify(id)})`);
      return;
    }
    pending.delete(id);
    clearTimeout(entry.timer);
    // A connection that answers is healthy: the next drop starts the backoff again.
    failures = 0;
    entry.answer(message);
  };

  const request = (
    method: string,
    params: unknown,
    entry: Omit<Pending, "text" | "sentOn" | "timer">,
  ) => {
    const id = nextId++;
    let text: string;
    try {
      text = formatJsonRpcRequest(id, method, params);
    } catch (error) {
      entry.fail(`the request cannot be serialized (${String(error)})`);
      return;
    }
    const bytes = Buffer.byteLength(text);
    if (bytes > maxMessageBytes) {
      entry.fail(
        `the request is ${bytes} bytes, over the limit of ${maxMessageBytes}; it was not sent`,
      );
      return;
    }
    if (channel === null && refused && lastProblem !== null) {
      entry.fail(`not connected (${lastProblem})`);
      connect();
      return;
    }
    const timer = setTimeout(() => {
      const waiting = pending.get(id);
      if (waiting === undefined) return;
      pending.delete(id);
      const where =
        waiting.sentOn !== null
          ? "no answer"
          : `not connected${lastProblem === null ? "" : ` (${lastProblem})`}`;
      waiting.fail(`${where} within ${timeoutMs} ms`);
    }, timeoutMs);
    const full: Pending = { ...entry, text, sentOn: null, timer };
    pending.set(id, full);
    if (channel !== null) send(full);
    else connect();
  };

  const initialize = () => {
    request(
      remoteMethods.initialize,
      {},
      {
        answer(message) {
          if (message.kind === "error") {
            log(`hooks/initialize refused: ${message.message}`);
            return;
          }
          const answer = parseInitializeResult(message.result);
          if (answer === null) {
            log("hooks/initialize answered with an invalid result");
            return;
          }
          if (answer.profile !== profile.name) {
            log(`the hook side serves profile ${answer.profile}, not ${profile.name}`);
          }
          loadDiagnostics = answer.diagnostics;
        },
        fail: (reason) => log(`hooks/initialize failed: ${reason}`),
        cancel: () => {},
      },
    );
  };

  const dispatch = (
    requestedEvent: string,
    payload: Readonly<Record<string, unknown>> = {},
    dispatchOptions: DispatchOptions = {},
  ): Promise<DispatchResult> => {
    const event = resolveEventName(profile, requestedEvent, dispatchOptions.asSubagent);
    const spec = findEventSpec(profile, event);
    // The same answers as a local engine for what can be told without the hook side.
    if (spec === undefined) {
      return Promise.resolve(
        createEmptyDispatchResult(event, [describeUnknownEvent(profile, event)]),
      );
    }
    if (closed) {
      return Promise.resolve(
        createEmptyDispatchResult(event, [
          createDiagnostic(
            "engine_closed",
            "error",
            `The engine is closed; ${event} was not dispatched`,
          ),
        ]),
      );
    }
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
      return Promise.resolve(
        createEmptyDispatchResult(event, [
          createDiagnostic(
            "invalid_payload",
            "error",
            `The ${event} payload must be a JSON object`,
          ),
        ]),
      );
    }
    const validate = dispatchOptions.validateToolInput;
    const wireOptions = {
      ...(dispatchOptions.asSubagent !== undefined && { asSubagent: dispatchOptions.asSubagent }),
      // A function cannot cross: the hook side accepts any rewrite and it is checked here.
      ...(validate !== undefined
        ? { toolInputSchema: true }
        : dispatchOptions.toolInputSchema !== undefined && {
            toolInputSchema: dispatchOptions.toolInputSchema,
          }),
    };
    return new Promise((resolve) => {
      const unavailable = (reason: string) =>
        resolve(createUnavailableResult(event, spec, failMode, reason));
      request(
        remoteMethods.dispatch,
        { event: requestedEvent, payload, options: wireOptions },
        {
          answer(message) {
            if (message.kind === "error") {
              unavailable(
                `the hook side refused the request: ${message.message} (${message.code})`,
              );
              return;
            }
            const parsed = parseDispatchResult(message.result);
            if (!parsed.ok) {
              unavailable(`the hook side answered with ${parsed.message}`);
              return;
            }
            resolve(validate === undefined ? parsed.result : checkRewrite(parsed.result, validate));
          },
          fail: unavailable,
          cancel: () =>
            resolve(
              createEmptyDispatchResult(event, [
                createDiagnostic(
                  "engine_closed",
                  "warning",
                  `The engine closed before the ${event} answer arrived`,
                ),
              ]),
            ),
        },
      );
    });
  };

  const explain = (
    requestedEvent: string,
    payload: Readonly<Record<string, unknown>> = {},
    explainOptions: ExplainOptions = {},
  ): Promise<HookExplanation> => {
    const event = resolveEventName(profile, requestedEvent, explainOptions.asSubagent);
    const unexplained = (diagnostic: Diagnostic) =>
      describeUnexplained(profile, event, payload, diagnostic);
    // The hook side refuses these, so they are answered here without a round trip.
    if (findEventSpec(profile, event) === undefined) {
      return Promise.resolve(unexplained(describeUnknownEvent(profile, event)));
    }
    if (closed) {
      return Promise.resolve(
        unexplained(
          createDiagnostic(
            "engine_closed",
            "error",
            `The engine is closed; ${event} was not explained`,
          ),
        ),
      );
    }
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
      return Promise.resolve(
        unexplained(
          createDiagnostic(
            "invalid_payload",
            "error",
            `The ${event} payload must be a JSON object`,
          ),
        ),
      );
    }
    const wireOptions =
      explainOptions.asSubagent === undefined ? {} : { asSubagent: explainOptions.asSubagent };
    return new Promise((resolve) => {
      const unavailable = (reason: string) =>
        resolve(
          unexplained(
            createDiagnostic(
              "remote_unavailable",
              "error",
              `The ${event} hooks could not be explained: ${reason}`,
            ),
          ),
        );
      request(
        remoteMethods.explain,
        { event: requestedEvent, payload, options: wireOptions },
        {
          answer(message) {
            if (message.kind === "error") {
              unavailable(
                `the hook side refused the request: ${message.message} (${message.code})`,
              );
              return;
            }
            const parsed = parseHookExplanation(message.result);
            if (parsed.ok) resolve(parsed.explanation);
            else unavailable(`the hook side answered with ${parsed.message}`);
          },
          fail: unavailable,
          cancel: () =>
            resolve(
              unexplained(
                createDiagnostic(
                  "engine_closed",
                  "warning",
                  `The engine closed before the ${event} explanation arrived`,
                ),
              ),
            ),
        },
      );
    });
  };

  connect();

  return {
    profile,
    get diagnostics() {
      return loadDiagnostics;
    },
    dispatch,
    explain,
    async close() {
      if (closed) return;
      closed = true;
      if (reconnectTimer !== null) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      for (const [id, entry] of pending) {
        pending.delete(id);
        clearTimeout(entry.timer);
        entry.cancel();
      }
      const open = channel;
      channel = null;
      open?.close();
    },
  };
}

// What can be told without the hook side: the event, its match field and value; no entries.
function describeUnexplained(
  profile: Profile,
  event: string,
  payload: Readonly<Record<string, unknown>>,
  diagnostic: Diagnostic,
): HookExplanation {
  const matchField = findEventSpec(profile, event)?.matchField ?? null;
  const value =
    matchField === null || typeof payload !== "object" || payload === null
      ? undefined
      : payload[matchField];
  const matchValue = typeof value === "string" ? value : null;
  const isToolName = matchField !== null && matchField === profile.toolNameField;
  const aliases =
    isToolName && matchValue !== null && Object.hasOwn(profile.toolMatchAliases, matchValue)
      ? (profile.toolMatchAliases[matchValue] ?? [])
      : [];
  return {
    event,
    matchField,
    matchValue,
    aliases,
    entries: [],
    diagnostics: [diagnostic],
  };
}

function describeUnknownEvent(profile: Profile, event: string): Diagnostic {
  const known = Object.keys(profile.events).join(", ");
  return createDiagnostic(
    "unknown_event",
    "error",
    `${profile.title} has no event "${event}" (events: ${known})`,
  );
}

// The host's validator runs here, on the rewrite the hook side chose.
function checkRewrite(
  result: DispatchResult,
  validate: (input: unknown) => boolean,
): DispatchResult {
  if (result.updatedInput === null) return result;
  let matches = false;
  try {
    matches = validate(result.updatedInput) === true;
  } catch {
    matches = false;
  }
  if (matches) return result;
  return {
    ...result,
    updatedInput: null,
    diagnostics: [
      ...result.diagnostics,
      createDiagnostic(
        "invalid_output",
        "warning",
        `The ${result.event} rewrite (updatedInput) does not match the tool's input; it is dropped`,
      ),
    ],
  };
}
