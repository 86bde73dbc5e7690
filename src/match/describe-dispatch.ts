import type { HostCallbackName } from "../config/required-host-callbacks.js";
import type { Diagnostic } from "../diagnostic.js";
import { buildPayload, type PayloadDefaults } from "../payload/build-payload.js";
import { findEventSpec, resolveDispatchedEvent } from "../profiles/find-event-spec.js";
import type { EventSpec, Profile } from "../profiles/profile.js";
import { isRecord } from "../shared/is-record.js";
import { checkRequest, type RequestAction } from "./check-request.js";
import type { CompiledHook } from "./compile-hooks.js";
import { listToolMatchAliases } from "./list-tool-match-aliases.js";
import { readMatchValue } from "./read-match-value.js";
import { refuseMissingCallback } from "./refuse-missing-callback.js";

/** What a dispatch (or an explanation of one) needs besides the profile, the event and the payload. */
export interface DispatchFacts extends PayloadDefaults {
  /** Dispatch the event as its `subagentEvent` (VS Code and Claude Code: Stop → SubagentStop). */
  asSubagent?: boolean | undefined;
  /** The engine is closed: the request is refused. */
  closed: boolean;
  /** What the request does, for the closed-engine message. */
  action: RequestAction;
  /** The host callbacks at hand: a prompt, agent or mcp_tool handler without its own is refused. */
  availableCallbacks: ReadonlySet<HostCallbackName>;
  /** The trust gate: its refusal of a hook (disabled, untrusted), or null. */
  trustGate: { refuse(hook: CompiledHook): Diagnostic | null };
}

/** A dispatch as every stage after the payload sees it: the event, its payload, what matchers test. */
export interface DispatchDescription {
  /** The event dispatched: the subagent form of the requested one when `asSubagent` maps it. */
  event: string;
  /** The event's row, or undefined when the profile has no such event. */
  spec: EventSpec | undefined;
  /** Why the request is answered without any hook (unknown event, closed engine, a payload that is no object), or null. */
  refusal: Diagnostic | null;
  /** The payload handlers receive (`buildPayload`). */
  payload: Record<string, unknown>;
  /** The payload field matchers are tested on, or null when the event has none. */
  matchField: string | null;
  /** The value matchers are tested on (`readMatchValue`), or null when missing. */
  matchValue: string | null;
  /** The tool name, where the event matches on it and the payload has one; otherwise null. */
  toolName: string | null;
  /** Other names the tool answers to (the profile's `toolMatchAliases`). */
  aliases: readonly string[];
  /** Why a matching hook must not run (a missing host callback, then trust), or null to run it. */
  gate: (hook: CompiledHook) => Diagnostic | null;
}

/**
 * Works out what a dispatch is about before any hook is looked at, the same way for `dispatch` and
 * `explain`: the event (its subagent form), the refusal if any, the payload handlers receive, the
 * value matchers test and the tool's aliases, and the gate planning applies.
 *
 * @example
 * ```ts
 * const described = describeDispatch(profile, "PreToolUse", { tool_name: "apply_patch" }, facts);
 * described.aliases; // ["Edit", "Write"] for zerocode
 * ```
 */
export function describeDispatch(
  profile: Profile,
  requestedEvent: string,
  payload: unknown,
  facts: DispatchFacts,
): DispatchDescription {
  const event = resolveDispatchedEvent(profile, requestedEvent, facts.asSubagent);
  const checked = checkRequest(profile, event, payload, facts.closed, facts.action);
  const refused = "refusal" in checked;
  const spec = refused ? findEventSpec(profile, event) : checked;
  const built = buildPayload(event, isRecord(payload) ? payload : {}, profile, facts);
  const matchField = spec?.matchField ?? null;
  const named =
    matchField !== null && matchField === profile.toolNameField ? built[matchField] : null;
  const toolName = typeof named === "string" ? named : null;
  const { availableCallbacks, trustGate } = facts;
  return {
    event,
    spec,
    refusal: refused ? checked.refusal : null,
    payload: built,
    matchField,
    matchValue: readMatchValue(spec, built),
    toolName,
    aliases: listToolMatchAliases(profile, matchField, toolName),
    gate: (hook) => refuseMissingCallback(hook, availableCallbacks) ?? trustGate.refuse(hook),
  };
}
