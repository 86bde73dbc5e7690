/** One hook of the event-stream list form, normalized, with where it came from. */
export interface EventHook {
  /** The program and its arguments, run without a shell. */
  command: readonly string[];
  /** The event names it receives; empty means every event. */
  events: readonly string[];
  /** The configuration file it came from. */
  file: string;
  /** Its JSON path in that file, such as `hooks[2]`. */
  path: string;
}
