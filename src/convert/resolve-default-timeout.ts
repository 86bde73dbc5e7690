import { readOwn } from "../shared/read-own.js";
import type { HookFormat } from "./hook-format.js";
import type { PortableHook } from "./portable-hooks.js";

/** The timeout a handler of `type` on `event` gets in `format` when it sets none. */
export function resolveDefaultTimeout(format: HookFormat, event: string, type: string): number {
  if (type !== "command") {
    const byType = readOwn(format.typeTimeoutSeconds, type);
    if (byType !== undefined) return byType;
  }
  return readOwn(format.events, event)?.defaultTimeoutSeconds ?? format.defaultTimeoutSeconds;
}

/** The timeout to write for a hook, or undefined when it equals the format's default. */
export function selectWrittenTimeout(hook: PortableHook, format: HookFormat): number | undefined {
  const fallback = resolveDefaultTimeout(format, hook.event, hook.type);
  return hook.timeoutSeconds === fallback ? undefined : hook.timeoutSeconds;
}
