import { createEmptyDispatchResult, type DispatchResult } from "../decide/dispatch-result.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { HookEngine } from "../engine/engine.js";
import type { HookExplanation } from "../explain/explain-hooks.js";
import { checkRequest } from "../match/check-request.js";
import { listToolMatchAliases } from "../match/list-tool-match-aliases.js";
import { readMatchValue } from "../match/read-match-value.js";
import { findEventSpec, resolveDispatchedEvent } from "../profiles/find-event-spec.js";
import type { Profile } from "../profiles/profile.js";
import { type ProfileName, resolveProfile } from "../profiles/profiles.js";
import { createRpcClient } from "./create-rpc-client.js";
import { createUnavailableResult, type FailMode } from "./create-unavailable-result.js";
import {
  type InitializeResult,
  parseDispatchResult,
  parseInitializeResult,
} from "./dispatch-result-schema.js";
import { parseHookExplanation } from "./hook-explanation-schema.js";
import { remoteMethods } from "./json-rpc-message.js";
import { type ConnectChannel, defaultMaxMessageBytes } from "./message-channel.js";
import { requestRemoteAnswer } from "./request-remote-answer.js";

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
  const log = (message: string) => {
    try {
      options.onLog?.(message);
    } catch {
      // A logger's failure must not break dispatch.
    }
  };

  let loadDiagnostics: readonly Diagnostic[] = [];
  const client = createRpcClient(transport, {
    timeoutMs,
    reconnectDelayMs: options.reconnectDelayMs ?? 100,
    maxReconnectDelayMs: options.maxReconnectDelayMs ?? 2000,
    maxMessageBytes: options.maxMessageBytes ?? defaultMaxMessageBytes,
    log,
    onConnected: () => void initialize(),
  });

  const initialize = async () => {
    const answer = await requestRemoteAnswer<InitializeResult | null>(
      client,
      remoteMethods.initialize,
      {},
      {
        parse: parseInitializeResult,
        unavailable: (reason) => {
          log(`hooks/initialize failed: ${reason}`);
          return null;
        },
        cancelled: () => null,
      },
    );
    if (answer === null) return;
    if (answer.profile !== profile.name) {
      log(`the hook side serves profile ${answer.profile}, not ${profile.name}`);
    }
    loadDiagnostics = answer.diagnostics;
  };

  const dispatch: HookEngine["dispatch"] = (requestedEvent, payload = {}, dispatchOptions = {}) => {
    const event = resolveDispatchedEvent(profile, requestedEvent, dispatchOptions.asSubagent);
    // The same answers as a local engine for what can be told without the hook side.
    const checked = checkRequest(profile, event, payload, client.closed, "dispatched");
    if ("refusal" in checked) {
      return Promise.resolve(createEmptyDispatchResult(event, [checked.refusal]));
    }
    const spec = checked;
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
    return requestRemoteAnswer(
      client,
      remoteMethods.dispatch,
      { event: requestedEvent, payload, options: wireOptions },
      {
        parse(result) {
          const parsed = parseDispatchResult(result);
          if (!parsed.ok || validate === undefined) return parsed;
          return { ok: true, value: checkRewrite(parsed.value, validate) };
        },
        unavailable: (reason) => createUnavailableResult(event, spec, failMode, reason),
        cancelled: () =>
          createEmptyDispatchResult(event, [
            createDiagnostic(
              "engine_closed",
              "warning",
              `The engine closed before the ${event} answer arrived`,
            ),
          ]),
      },
    );
  };

  const explain: HookEngine["explain"] = (requestedEvent, payload = {}, explainOptions = {}) => {
    const event = resolveDispatchedEvent(profile, requestedEvent, explainOptions.asSubagent);
    const unexplained = (diagnostic: Diagnostic) =>
      describeUnexplained(profile, event, payload, diagnostic);
    // The hook side refuses these, so they are answered here without a round trip.
    const checked = checkRequest(profile, event, payload, client.closed, "explained");
    if ("refusal" in checked) return Promise.resolve(unexplained(checked.refusal));
    const wireOptions =
      explainOptions.asSubagent === undefined ? {} : { asSubagent: explainOptions.asSubagent };
    return requestRemoteAnswer(
      client,
      remoteMethods.explain,
      { event: requestedEvent, payload, options: wireOptions },
      {
        parse: parseHookExplanation,
        unavailable: (reason) =>
          unexplained(
            createDiagnostic(
              "remote_unavailable",
              "error",
              `The ${event} hooks could not be explained: ${reason}`,
            ),
          ),
        cancelled: () =>
          unexplained(
            createDiagnostic(
              "engine_closed",
              "warning",
              `The engine closed before the ${event} explanation arrived`,
            ),
          ),
      },
    );
  };

  client.connect();

  return {
    profile,
    get diagnostics() {
      return loadDiagnostics;
    },
    dispatch,
    explain,
    async close() {
      client.close();
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
  const spec = findEventSpec(profile, event);
  const matchField = spec?.matchField ?? null;
  const matchValue = readMatchValue(spec, payload);
  return {
    event,
    matchField,
    matchValue,
    aliases: [...listToolMatchAliases(profile, matchField, matchValue)],
    entries: [],
    diagnostics: [diagnostic],
  };
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
