import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openProfileFixture } from "../../test/support/open-profile-fixture.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import type { HookEngine } from "./engine.js";

// The copilot profile on Copilot CLI's own files (test/fixtures/copilot-profile:
// ~/.copilot/hooks/*.json, the repository's .github/hooks/*.json and .github/copilot/settings.json),
// run through real hook scripts that reply in Copilot CLI's fields.

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

const codes = (result: DispatchResult) => result.diagnostics.map((item) => item.code);

async function setup() {
  const fixture = await openProfileFixture("copilot", "copilot-profile", "session-1", ["project"]);
  engines.push(fixture.engine);
  return fixture;
}

const bash = (command: string) => ({ toolName: "bash", toolArgs: { command } });

describe("the copilot profile on Copilot CLI's own hook files", () => {
  it("loads the user, repository and settings files without a diagnostic", async () => {
    const { engine } = await setup();
    expect(engine.diagnostics).toEqual([]);
  });

  it("preToolUse: permissionDecision deny with its reason, from a hook matched on toolName", async () => {
    const { project, engine, readLog } = await setup();
    const result = await engine.dispatch("preToolUse", bash("git push"));
    expect(result).toMatchObject({ decision: "deny", reason: "pushes are reviewed" });
    // The user file's hook runs too (every source's entries run).
    expect(readLog()).toEqual([`user-pre ${project} none`]);
  });

  it("preToolUse: modifiedArgs rewrites the tool's arguments", async () => {
    const { engine } = await setup();
    const result = await engine.dispatch("preToolUse", bash("ls"));
    expect(result).toMatchObject({ decision: "allow", updatedInput: { command: "ls -la" } });
  });

  it("preToolUse: exit 2 is a failing exit like any other, and denies nothing", async () => {
    const { engine } = await setup();
    const result = await engine.dispatch("preToolUse", {
      toolName: "edit",
      toolArgs: { path: "a.txt" },
    });
    expect(result.decision).toBeNull();
    expect(codes(result)).toEqual(["nonzero_exit"]);
  });

  it("permissionRequest: exit 2 denies, stderr the reason", async () => {
    const { engine } = await setup();
    const result = await engine.dispatch("permissionRequest", bash("sudo ls"));
    expect(result).toMatchObject({ decision: "deny", reason: "not without review" });
  });

  it("agentStop: decision block asks for another turn, and no cap stops it", async () => {
    const { engine } = await setup();
    for (let count = 0; count < 10; count += 1) {
      expect(await engine.dispatch("agentStop", {})).toMatchObject({
        decision: "block",
        reason: "the tests still fail",
      });
    }
  });

  it("reads a PascalCase event as its camelCase one, with the entry's cwd and env", async () => {
    const { project, engine, readLog } = await setup();
    await engine.dispatch("postToolUse", { ...bash("ls"), toolResult: { resultType: "success" } });
    expect(readLog()).toContain(`project-post ${join(project, "scripts")} from-env`);
  });

  it("runs the hooks of the repository's settings file", async () => {
    const { project, engine, readLog } = await setup();
    await engine.dispatch("sessionStart", { source: "new" });
    expect(readLog()).toEqual([`settings-start ${project} none`]);
  });
});
