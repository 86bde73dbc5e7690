import type { HookDefinition } from "../../src/config/hook-definition.js";

/**
 * Builds a normalized `HookDefinition` for a test: a `PreToolUse` handler `./hook.sh` with a 1 s
 * timeout from `/config/hooks.json` in the `user` layer, every other field empty, and `path` and
 * `groupPath` derived from the event, `groupIndex` and `handlerIndex` unless given.
 *
 * @example
 * ```ts
 * const hook = createHookDefinition({ event: "Stop", command: ["./stop.sh"], groupIndex: 1 });
 * // hook.path === "hooks.Stop[1].hooks[0]"
 * ```
 */
export function createHookDefinition(overrides: Partial<HookDefinition> = {}): HookDefinition {
  const event = overrides.event ?? "PreToolUse";
  const groupIndex = overrides.groupIndex ?? 0;
  const handlerIndex = overrides.handlerIndex ?? 0;
  const groupPath = `hooks.${event}[${groupIndex}]`;
  return {
    event,
    matcher: null,
    if: null,
    command: "./hook.sh",
    timeoutMs: 1_000,
    statusMessage: null,
    cwd: null,
    additionalContextLimit: null,
    persistent: false,
    trust: "none",
    env: {},
    file: "/config/hooks.json",
    layer: "user",
    path: `${groupPath}.hooks[${handlerIndex}]`,
    groupPath,
    groupIndex,
    handlerIndex,
    ...overrides,
  };
}
