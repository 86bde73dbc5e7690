import { deepagentsEventStreamProfile } from "../profiles/deepagents-event-stream.js";
import type { EventDelivery } from "../profiles/event-stream-profile.js";

export type { EventDelivery } from "../profiles/event-stream-profile.js";

type Deliveries = typeof deepagentsEventStreamProfile.events;

/** A name from the event-stream catalog. */
export type EventStreamEventName = Deliveries[EventDelivery][number];

/** Each catalog event's row: how it is delivered. */
type EventStreamCatalog = {
  readonly [Name in EventStreamEventName]: {
    readonly delivery: Name extends Deliveries["ordered"][number] ? "ordered" : "unordered";
  };
};

/**
 * The events a Deep Agents host emits on its event stream, with their delivery, as the profile
 * table lists them. Tool events, `user.name.set` and (headless) `input.required` are
 * fire-and-forget and unordered.
 *
 * @example
 * ```ts
 * eventStreamEvents["tool.use"].delivery; // "unordered"
 * ```
 */
export const eventStreamEvents = Object.fromEntries(
  (["ordered", "unordered"] as const).flatMap((delivery) =>
    deepagentsEventStreamProfile.events[delivery].map((name) => [name, { delivery }]),
  ),
) as EventStreamCatalog;

/** Whether `event` is in the catalog. */
export function isEventStreamEvent(event: string): event is EventStreamEventName {
  return Object.hasOwn(eventStreamEvents, event);
}

/** How `event` is delivered; a name outside the catalog is a non-tool event, so `ordered`. */
export function selectEventDelivery(event: string): EventDelivery {
  return isEventStreamEvent(event) ? eventStreamEvents[event].delivery : "ordered";
}
