import type { BlockEffect, EventSpec } from "../profiles/profile.js";
import { isRecord } from "../shared/is-record.js";

/** What a block does for one payload of an event, and the payload rule that made it `none`. */
export interface PayloadBlockEffect {
  effect: BlockEffect;
  /** The `field` and value that make this payload unblockable, or null when the event's own effect applies. */
  unblockable: { field: string; value: string } | null;
}

/**
 * Reads what a block does for this payload: the event's `blockEffect`, or `none` where the
 * payload is one the event cannot block (its `unblockable` field holds a listed value).
 *
 * @example
 * ```ts
 * readBlockEffect(claudeProfile.events.ConfigChange, { source: "policy_settings" });
 * // { effect: "none", unblockable: { field: "source", value: "policy_settings" } }
 * ```
 */
export function readBlockEffect(
  spec: Pick<EventSpec, "blockEffect" | "unblockable">,
  payload: unknown,
): PayloadBlockEffect {
  const rule = spec.unblockable;
  if (rule === undefined || !isRecord(payload) || !Object.hasOwn(payload, rule.field)) {
    return { effect: spec.blockEffect, unblockable: null };
  }
  const value = payload[rule.field];
  if (typeof value !== "string" || !rule.values.includes(value)) {
    return { effect: spec.blockEffect, unblockable: null };
  }
  return { effect: "none", unblockable: { field: rule.field, value } };
}
