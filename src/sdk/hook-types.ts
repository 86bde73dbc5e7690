import type { profiles } from "../profiles/profiles.js";

type Profiles = typeof profiles;

/** The name of a built-in profile a hook can be written for. */
export type HookProfileName = keyof Profiles;

/** The events of one profile (or of all of them), by name. */
export type HookEventName<P extends HookProfileName = HookProfileName> = P extends HookProfileName
  ? keyof Profiles[P]["events"] & string
  : never;

// Types of the payload fields whose shape is known; any other field is `unknown`.
interface KnownFieldTypes {
  tool_name: string;
  tool_input: Record<string, unknown>;
  tool_response: unknown;
  tool_use_id: string;
  prompt: string;
  source: string;
  reason: string;
  trigger: string;
  stop_hook_active: boolean;
  last_assistant_message: string;
  agent_id: string;
  agent_type: string;
  agent_transcript_path: string;
  message: string;
  notification_type: string;
  title: string;
  model: string;
  permission_mode: string;
  turn_id: string;
  duration_ms: number;
  error: string;
}

type PayloadField<
  P extends HookProfileName,
  E extends string,
> = E extends keyof Profiles[P]["events"]
  ? Profiles[P]["events"][E] extends { payloadFields: readonly (infer F extends string)[] }
    ? F
    : never
  : never;

/** Fields every hook input carries, whatever the event. */
export interface CommonHookInput {
  session_id: string;
  cwd: string;
  transcript_path?: string | null;
}

/**
 * The JSON a hook of event `E` reads on stdin, for profile `P` (a union over profiles when none
 * is named): the common fields, `hook_event_name` and the event's own payload fields.
 */
export type HookInput<
  E extends string = string,
  P extends HookProfileName = HookProfileName,
> = P extends HookProfileName
  ? E extends HookEventName<P>
    ? CommonHookInput & { hook_event_name: E } & {
        [K in PayloadField<P, E>]: K extends keyof KnownFieldTypes ? KnownFieldTypes[K] : unknown;
      } & Record<string, unknown>
    : never
  : never;

/** A decision a hook can return; how it is written depends on the event and the profile. */
export type HookDecision = "allow" | "deny" | "ask" | "block";

/**
 * What a hook's `handle` returns: build it with `deny`, `ask`, `allow`, `block`, `addContext` and
 * `stop`, and combine them with spread (`{ ...deny("no"), ...addContext("why") }`).
 */
export interface HookResult {
  decision?: HookDecision;
  reason?: string;
  /** A rewritten tool input, applied with an allow (or ask where the profile allows it). */
  updatedInput?: Record<string, unknown>;
  /** Text added to the model's context. */
  additionalContext?: string;
  /** Stops the agent altogether (`continue: false`), with this reason shown to the user. */
  stopReason?: string;
  /** A message shown to the user. */
  systemMessage?: string;
}

/** The stdout text and exit code a hook ends with, as a value. */
export interface HookOutcome {
  exitCode: 0 | 1 | 2;
  stdout: string;
  stderr: string;
}
