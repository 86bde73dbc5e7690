import type { z } from "zod";
import type { eventSchemas } from "../event-schemas/event-schemas.js";
import type { EventOutputFieldName } from "../profiles/event-output-fields.js";

// Types only: the schemas live in src/event-schemas (zod); the SDK imports nothing from them at run time.
type Schemas = typeof eventSchemas;

/** The name of a built-in profile a hook can be written for. */
export type HookProfileName = keyof Schemas;

/** The events hooks can be configured for in one profile (or in any of them), by name. */
export type HookEventName<P extends HookProfileName = HookProfileName> = P extends HookProfileName
  ? keyof Schemas[P] & string
  : never;

type EventSchema<P extends HookProfileName, E extends string> = E extends keyof Schemas[P]
  ? Schemas[P][E]
  : never;

/** Fields every hook input carries, whatever the event and the profile. */
export interface CommonHookInput {
  session_id: string;
  cwd: string;
  hook_event_name: string;
  transcript_path?: string | null;
}

// The zod schema of one side (`input` or `output`) of event `E` in profile `P`, per profile.
type EventSideSchema<
  E extends string,
  P extends HookProfileName,
  SIDE extends "input" | "output",
> = P extends HookProfileName
  ? E extends HookEventName<P>
    ? EventSchema<P, E> extends { [key in SIDE]: infer S extends z.ZodType }
      ? S
      : never
    : never
  : never;

/**
 * The JSON a hook of event `E` reads on stdin, for profile `P` (a union over profiles when none
 * is named), as the event's input schema describes it: the profile's common fields,
 * `hook_event_name`, the event's own fields, and any other field the host adds.
 */
export type HookInput<
  E extends string = string,
  P extends HookProfileName = HookProfileName,
> = z.output<EventSideSchema<E, P, "input">>;

/**
 * The JSON a hook of event `E` may print for profile `P`, as the event's output schema describes
 * it: only the fields the event applies. `renderHookResult` writes it from a `HookResult`.
 */
export type HookOutput<
  E extends string = string,
  P extends HookProfileName = HookProfileName,
> = z.input<EventSideSchema<E, P, "output">>;

// `T[K]` without undefined, or never when `T` has no field `K`.
type FieldOf<T, K extends string> = K extends keyof T ? NonNullable<T[K]> : never;

// The event output fields (eventOutputFields) among an object type's fields, or nothing.
type PickEventOutput<T> = [T] extends [never] ? unknown : Pick<T, keyof T & EventOutputFieldName>;

type Flatten<T> = { [K in keyof T]: T[K] };

type EventOutputOf<O> = Flatten<
  PickEventOutput<FieldOf<O, "hookSpecificOutput">> &
    PickEventOutput<FieldOf<FieldOf<O, "hookSpecificOutput">, "decision">>
>;

/**
 * The event output fields a hook of event `E` may return in `HookResult.output` for profile `P`
 * (`watchPaths`, `sessionTitle`, `updatedToolOutput`, `retry`, …), typed from the profile table:
 * the `eventOutputFields` its row lists in `hookSpecificOutput` or, for a PermissionRequest,
 * inside `decision`. `never` where the event takes none.
 *
 * @example
 * ```ts
 * const output: HookEventOutput<"SessionStart", "claude"> = { watchPaths: ["/repo/.envrc"] };
 * ```
 */
export type HookEventOutput<
  E extends string = string,
  P extends HookProfileName = HookProfileName,
> = P extends HookProfileName
  ? E extends HookEventName<P>
    ? keyof EventOutputOf<HookOutput<E, P>> extends never
      ? never
      : EventOutputOf<HookOutput<E, P>>
    : never
  : never;

/** A decision a hook can return; how it is written depends on the event and the profile. */
export type HookDecision = "allow" | "deny" | "ask" | "defer" | "block";

/**
 * What a hook's `handle` returns: build it with `deny`, `ask`, `allow`, `block`, `addContext` and
 * `stop`, and combine them with spread (`{ ...deny("no"), ...addContext("why") }`). `O` is the
 * type of `output`: a handler of event `E` for profile `P` returns
 * `HookResult<HookEventOutput<E, P>>`; the helpers' plain `HookResult` has no `output`, and
 * `HookResult<unknown>` is a result of any event.
 */
export interface HookResult<O = never> {
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
  /**
   * Fields the host applies for this event (`watchPaths`, `updatedToolOutput`, `retry`, …),
   * written in `hookSpecificOutput` (a PermissionRequest's inside its `decision`).
   */
  output?: O;
}

/** The stdout text and exit code a hook ends with, as a value. */
export interface HookOutcome {
  exitCode: 0 | 1 | 2;
  stdout: string;
  stderr: string;
}
