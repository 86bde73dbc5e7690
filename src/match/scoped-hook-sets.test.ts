import { describe, expect, it } from "vitest";
import type { HookDefinition } from "../config/hook-definition.js";
import type { Diagnostic } from "../diagnostic.js";
import { claudeProfile } from "../profiles/claude.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import type { Profile } from "../profiles/profile.js";
import type { CompiledHooks } from "./compile-hooks.js";
import type { PlannedHandler } from "./plan-handlers.js";
import { createScopedHookSets, mergeScopedHooks } from "./scoped-hook-sets.js";

const command = (text: string, extra: Record<string, unknown> = {}) => ({
  type: "command",
  command: text,
  ...extra,
});
const call = (payload: Record<string, unknown> = {}, value: string | undefined = "Bash") => ({
  event: "PreToolUse",
  value,
  aliases: [],
  payload,
});
const preToolUse = (...hooks: unknown[]) => ({ PreToolUse: [{ matcher: "Bash", hooks }] });

describe("createScopedHookSets", () => {
  it("adds a set's candidates after the configured ones until it is removed", async () => {
    const sets = createScopedHookSets(claudeProfile);
    const skill = await sets.add({ scope: "skill", name: "lint", hooks: preToolUse(command("a")) });
    expect(skill).toMatchObject({ id: "skill:lint", hookIds: ["skill:lint/PreToolUse:0:0"] });
    expect(sets.addCandidates([], call()).map((hook) => hook.id)).toEqual([
      "skill:lint/PreToolUse:0:0",
    ]);
    expect(sets.addCandidates([], call({}, "Read"))).toEqual([]);
    skill.remove();
    const none: [] = [];
    expect(sets.addCandidates(none, call())).toBe(none);
  });

  it("numbers sets that would share an id while both are active", async () => {
    const sets = createScopedHookSets(claudeProfile);
    const hooks = preToolUse(command("a"));
    const first = await sets.add({ scope: "subagent", name: "review", hooks, agentId: "a1" });
    const second = await sets.add({ scope: "subagent", name: "review", hooks, agentId: "a1" });
    const third = await sets.add({ scope: "subagent", name: "review", hooks });
    expect([first.id, second.id, third.id]).toEqual([
      "subagent:review@a1",
      "subagent:review@a1#2",
      "subagent:review",
    ]);
    first.remove();
    const again = await sets.add({ scope: "subagent", name: "review", hooks, agentId: "a1" });
    expect(again.id).toBe("subagent:review@a1");
  });

  it("selects a set with an agent id only for that agent's payloads", async () => {
    const sets = createScopedHookSets(claudeProfile);
    await sets.add({
      scope: "skill",
      name: "mine",
      hooks: preToolUse(command("a")),
      agentId: "a1",
    });
    expect(sets.addCandidates([], call({ agent_id: "a1" }))).toHaveLength(1);
    expect(sets.addCandidates([], call({ agent_id: "a2" }))).toHaveLength(0);
    expect(sets.addCandidates([], call())).toHaveLength(0);
  });

  it("claims a once handler per session when it is planned to run", async () => {
    const sets = createScopedHookSets(claudeProfile);
    await sets.add({
      scope: "skill",
      name: "setup",
      hooks: preToolUse(command("once", { once: true }), command("always")),
    });
    const plan = (): PlannedHandler[] =>
      sets.addCandidates([], call()).map((hook) => ({ hook, skip: null }));
    const commands = (planned: PlannedHandler[]) =>
      planned.map((entry) => entry.hook.definition.command);
    expect(commands(sets.claimOnce(plan(), "s1"))).toEqual(["once", "always"]);
    expect(commands(sets.claimOnce(plan(), "s1"))).toEqual(["always"]);
    expect(commands(sets.claimOnce(plan(), "s2"))).toEqual(["once", "always"]);
  });

  it("does not claim a once handler that is planned as skipped", async () => {
    const sets = createScopedHookSets(claudeProfile);
    await sets.add({
      scope: "skill",
      name: "setup",
      hooks: preToolUse(command("once", { once: true })),
    });
    const [hook] = sets.addCandidates([], call());
    if (hook === undefined) throw new Error("the once handler is a candidate");
    const skipped = sets.claimOnce(
      [
        {
          hook,
          skip: {
            code: "hook_untrusted",
            severity: "warning",
            message: "",
            file: null,
            path: null,
          },
        },
      ],
      "s1",
    );
    expect(skipped).toHaveLength(1);
    expect(sets.claimOnce([{ hook, skip: null }], "s1")).toHaveLength(1);
    expect(sets.claimOnce([{ hook, skip: null }], "s1")).toHaveLength(0);
  });

  it("keeps scoped layers apart from the profile's duplicate merging", () => {
    expect(createScopedHookSets(claudeProfile).deduplicate?.separateLayerPrefixes).toEqual([
      ...(claudeProfile.deduplicate?.separateLayerPrefixes ?? []),
      "skill:",
      "subagent:",
    ]);
    expect(
      createScopedHookSets({ ...deepagentsProfile, deduplicate: null }).deduplicate,
    ).toBeNull();
  });

  it("merges the sets that apply to a payload into what explain reads", async () => {
    const sets = createScopedHookSets(claudeProfile);
    await sets.add({ scope: "skill", name: "a", hooks: preToolUse(command("a")) });
    await sets.add({ scope: "skill", name: "b", hooks: preToolUse(command("b")), agentId: "x" });
    const context: {
      profile: Profile;
      definitions: readonly HookDefinition[];
      compiled: CompiledHooks;
      diagnostics: readonly Diagnostic[];
    } = {
      profile: claudeProfile,
      definitions: [],
      compiled: { byEvent: new Map(), diagnostics: [] },
      diagnostics: [],
    };
    const merged = mergeScopedHooks(context, sets, {});
    expect(merged.definitions.map((definition) => definition.layer)).toEqual(["skill:a"]);
    expect(merged.compiled.byEvent.get("PreToolUse")?.map((hook) => hook.id)).toEqual([
      "skill:a/PreToolUse:0:0",
    ]);
    expect(mergeScopedHooks(context, createScopedHookSets(claudeProfile), {})).toBe(context);
  });
});
