/** Tool calls remembered at once; the oldest is forgotten first (a call never finished). */
const cacheLimit = 512;

/** Values by tool call id, so the steps of one call (approval, run, output) share one dispatch. */
export interface CallCache<VALUE> {
  /** The call's value, computed with `create` only the first time the id is seen. */
  resolve(callId: string, create: () => VALUE): VALUE;
  /** The call's value if known. */
  peek(callId: string): VALUE | undefined;
  forget(callId: string): void;
}

/** Creates a bounded cache keyed by tool call id. */
export function createCallCache<VALUE>(): CallCache<VALUE> {
  const entries = new Map<string, { value: VALUE }>();
  return {
    resolve(callId, create) {
      const known = entries.get(callId);
      if (known !== undefined) return known.value;
      const value = create();
      entries.set(callId, { value });
      if (entries.size > cacheLimit) {
        const oldest = entries.keys().next();
        if (oldest.done !== true) entries.delete(oldest.value);
      }
      return value;
    },
    peek(callId) {
      return entries.get(callId)?.value;
    },
    forget(callId) {
      entries.delete(callId);
    },
  };
}
