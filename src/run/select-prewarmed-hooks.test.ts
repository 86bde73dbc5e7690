import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import type { HookDefinition } from "../config/hook-definition.js";
import type { CompiledHook } from "../match/compile-hooks.js";
import { claudeProfile } from "../profiles/claude.js";
import { canPrewarm, selectPrewarmedHooks } from "./select-prewarmed-hooks.js";

const compile = (overrides: Partial<HookDefinition>): CompiledHook =>
  ({ id: JSON.stringify(overrides), definition: createHookDefinition(overrides) }) as CompiledHook;

describe("canPrewarm", () => {
  it.each([
    ["a command hook", {}, true],
    ["a persistent hook", { persistent: true }, false],
    ["an async hook", { async: true }, false],
    [
      "an http hook",
      { action: { type: "http", url: "http://127.0.0.1/", headers: {}, allowedEnvVars: [] } },
      false,
    ],
    ["a hook of an event with an environment file", { event: "SessionStart" }, false],
  ] as const)("%s: %s", (_, overrides, expected) => {
    expect(
      canPrewarm(createHookDefinition(overrides as Partial<HookDefinition>), claudeProfile),
    ).toBe(expected);
  });
});

describe("selectPrewarmedHooks", () => {
  const plain = compile({ command: "./plain.sh" });
  const marked = compile({ command: "./marked.sh", prewarm: true });
  const persistent = compile({ command: "./persistent.sh", prewarm: true, persistent: true });
  const lists = [[plain, marked], [persistent]];
  const select = (option: Parameters<typeof selectPrewarmedHooks>[2]) =>
    [...selectPrewarmedHooks(lists, claudeProfile, option)].map((hook) => hook.definition.command);

  it.each([
    ["no option: the hooks that say prewarm: true", undefined, ["./marked.sh"]],
    ["false: still those", false, ["./marked.sh"]],
    ["true: every hook that can", true, ["./plain.sh", "./marked.sh"]],
    [
      "a function: the hooks it picks and those that say so",
      (hook: HookDefinition) => hook.command === "./plain.sh",
      ["./plain.sh", "./marked.sh"],
    ],
    [
      "a function that throws: picks nothing",
      () => {
        throw new Error("no");
      },
      ["./marked.sh"],
    ],
  ] as const)("%s", (_, option, expected) => {
    expect(select(option)).toEqual(expected);
  });
});
