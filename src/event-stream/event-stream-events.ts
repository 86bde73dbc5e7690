/**
 * How an event is delivered: `ordered` events run in program order (each after the previous
 * one's handlers finished); `unordered` events run at once, concurrently, with no ordering.
 */
export type EventDelivery = "ordered" | "unordered";

/**
 * The events a Deep Agents host emits on its event stream, with their delivery. Tool events,
 * `user.name.set` and (headless) `input.required` are fire-and-forget and unordered.
 *
 * @example
 * ```ts
 * eventStreamEvents["tool.use"].delivery; // "unordered"
 * ```
 */
export const eventStreamEvents = {
  "session.start": { delivery: "ordered" },
  "session.end": { delivery: "ordered" },
  "user.prompt": { delivery: "ordered" },
  "task.complete": { delivery: "ordered" },
  "context.offload": { delivery: "ordered" },
  "context.compact": { delivery: "ordered" },
  "permission.request": { delivery: "ordered" },
  "tool.use": { delivery: "unordered" },
  "tool.result": { delivery: "unordered" },
  "tool.error": { delivery: "unordered" },
  "user.name.set": { delivery: "unordered" },
  "input.required": { delivery: "unordered" },
} as const satisfies Record<string, { delivery: EventDelivery }>;

/** A name from the event-stream catalog. */
export type EventStreamEventName = keyof typeof eventStreamEvents;

/** Whether `event` is in the catalog. */
export function isEventStreamEvent(event: string): event is EventStreamEventName {
  return Object.hasOwn(eventStreamEvents, event);
}

/** How `event` is delivered; a name outside the catalog is a non-tool event, so `ordered`. */
export function selectEventDelivery(event: string): EventDelivery {
  return isEventStreamEvent(event) ? eventStreamEvents[event].delivery : "ordered";
}
