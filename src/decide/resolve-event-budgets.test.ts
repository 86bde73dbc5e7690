import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { claudeProfile } from "../profiles/claude.js";
import { resolveEventBudgets } from "./resolve-event-budgets.js";

const variable = "CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS";

function sessionEndHook(timeoutMs: number, layer = "user") {
  return createHookDefinition({ event: "SessionEnd", timeoutMs, layer });
}

describe("resolveEventBudgets", () => {
  it("gives SessionEnd 1.5 s and other events no budget", () => {
    const budgets = resolveEventBudgets(claudeProfile, {});
    expect(budgets.budgetFor("SessionEnd", [])).toBe(1500);
    expect(budgets.budgetFor("SessionStart", [])).toBeNull();
    expect(budgets.budgetFor("constructor", [])).toBeNull();
    expect(budgets.diagnostics).toEqual([]);
  });

  it.each([
    ["5000", 5000],
    [" 250 ", 250],
    ["", 1500],
  ])("reads %j from the variable", (value, budget) => {
    const budgets = resolveEventBudgets(claudeProfile, { [variable]: value });
    expect(budgets.budgetFor("SessionEnd", [])).toBe(budget);
    expect(budgets.diagnostics).toEqual([]);
  });

  it.each(["0", "-1", "1.5", "soon", "99999999999999999999"])(
    "keeps 1.5 s with a warning for %j",
    (value) => {
      const budgets = resolveEventBudgets(claudeProfile, { [variable]: value });
      expect(budgets.budgetFor("SessionEnd", [])).toBe(1500);
      expect(budgets.diagnostics).toHaveLength(1);
      expect(budgets.diagnostics[0]).toMatchObject({ code: "event_budget", severity: "warning" });
      expect(budgets.diagnostics[0]?.message).toContain(variable);
    },
  );

  it("is raised by a configured timeout above it, up to 60 s, but not by a default or a plugin's", () => {
    const budgets = resolveEventBudgets(claudeProfile, {});
    expect(budgets.budgetFor("SessionEnd", [sessionEndHook(10_000)])).toBe(10_000);
    expect(budgets.budgetFor("SessionEnd", [sessionEndHook(1_000)])).toBe(1500);
    expect(budgets.budgetFor("SessionEnd", [sessionEndHook(300_000)])).toBe(60_000);
    expect(budgets.budgetFor("SessionEnd", [sessionEndHook(600_000)])).toBe(1500);
    expect(budgets.budgetFor("SessionEnd", [sessionEndHook(10_000, "plugin:a@b")])).toBe(1500);
  });
});
