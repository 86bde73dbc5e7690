/**
 * How an event is delivered: `ordered` events run in program order (each after the previous
 * one's handlers finished); `unordered` events run at once, concurrently, with no ordering.
 */
export type EventDelivery = "ordered" | "unordered";

/** The rules of a host's event stream (`agent-hooks/events`): its events and its limits. */
export interface EventStreamProfile {
  /** Internal name. */
  name: string;
  /** The host's name, for messages. */
  title: string;
  /** The event names by delivery; the catalog lists the ordered ones, then the unordered ones. */
  events: Readonly<Record<EventDelivery, readonly string[]>>;
  /** The event `shutdown` dispatches once, after every earlier ordered event. */
  finalEvent: string;
  /** Seconds a hook may run before its process group is killed, unless the host sets another. */
  defaultTimeoutSeconds: number;
  /** Time between SIGTERM and SIGKILL of a timed-out hook's process group. */
  killGraceMs: number;
  /** Bytes of each output stream kept per run (only stderr is used, in failure messages). */
  captureLimitBytes: number;
  /** Characters of stderr quoted in a failure message. */
  stderrLimitCharacters: number;
  /** The most characters of a `tool_output` sent, unless the host sets another. */
  toolOutputLimitCharacters: number;
  /** What ends a `tool_output` that was cut to the limit. */
  truncationMarker: string;
}
