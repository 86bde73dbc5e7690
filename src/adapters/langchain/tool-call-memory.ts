/**
 * What the middleware remembers of tool calls that paused for approval, by thread and
 * `tool_call_id`, so a resumed run reuses the decisions instead of running the hooks again.
 */
export interface ToolCallMemory<VALUE> {
  /** Keeps `value` for a call; the oldest entry goes when the memory is full. */
  remember(threadId: string | undefined, toolCallId: string, value: VALUE): void;
  /** The value kept for a call, or undefined; it stays remembered. */
  read(threadId: string | undefined, toolCallId: string): VALUE | undefined;
  /** The value kept for a call, or undefined, and forgets it. */
  take(threadId: string | undefined, toolCallId: string): VALUE | undefined;
  /** Forgets every call of a thread (its session ended). */
  forgetThread(threadId: string | undefined): void;
}

/** How many paused calls a middleware remembers; a call never resumed is dropped after this many more. */
export const defaultToolCallMemoryLimit = 256;

/** Creates a bounded memory of tool calls (a Map in insertion order: the oldest is evicted first). */
export function createToolCallMemory<VALUE>(
  limit: number = defaultToolCallMemoryLimit,
): ToolCallMemory<VALUE> {
  const entries = new Map<string, { threadKey: string; value: VALUE }>();
  const threadKeyOf = (threadId: string | undefined) => threadId ?? "";
  const keyOf = (threadId: string | undefined, toolCallId: string) =>
    `${threadKeyOf(threadId)}\u0000${toolCallId}`;
  return {
    remember(threadId, toolCallId, value) {
      const key = keyOf(threadId, toolCallId);
      entries.delete(key);
      entries.set(key, { threadKey: threadKeyOf(threadId), value });
      while (entries.size > limit) {
        const oldest = entries.keys().next();
        if (oldest.done === true) break;
        entries.delete(oldest.value);
      }
    },
    read(threadId, toolCallId) {
      return entries.get(keyOf(threadId, toolCallId))?.value;
    },
    take(threadId, toolCallId) {
      const key = keyOf(threadId, toolCallId);
      const entry = entries.get(key);
      entries.delete(key);
      return entry?.value;
    },
    forgetThread(threadId) {
      const threadKey = threadKeyOf(threadId);
      for (const [key, entry] of entries) {
        if (entry.threadKey === threadKey) entries.delete(key);
      }
    },
  };
}
