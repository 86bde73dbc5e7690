import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openProfileFixture } from "../../test/support/open-profile-fixture.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import type { HookEngine } from "./engine.js";

// The cursor profile on Cursor's own files (test/fixtures/cursor-profile: ~/.cursor/hooks.json and
// <project>/.cursor/hooks.json), run through real hook scripts that reply in Cursor's fields.

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

const codes = (result: DispatchResult) => result.diagnostics.map((item) => item.code);

async function setup() {
  const fixture = await openProfileFixture("cursor", "cursor-profile", "conversation-1");
  engines.push(fixture.engine);
  return fixture;
}

/** Cursor's common payload fields, beside the event's own. */
const common = (project: string) => ({
  conversation_id: "conversation-1",
  generation_id: "generation-1",
  workspace_roots: [project],
});

describe("the cursor profile on Cursor's own hooks.json files", () => {
  it("loads the user and project files without a diagnostic", async () => {
    const { engine } = await setup();
    expect(engine.diagnostics).toEqual([]);
  });

  it("beforeShellExecution: a matching guard's permission deny, its agent_message the reason and user_message shown", async () => {
    const { project, engine, readLog } = await setup();
    const result = await engine.dispatch("beforeShellExecution", {
      ...common(project),
      command: "git push origin main",
      cwd: project,
    });
    expect(result).toMatchObject({
      decision: "deny",
      reason: "pushes are reviewed first",
      systemMessages: ["push blocked"],
    });
    // User hooks run from ~/.cursor, project hooks from the project root; CURSOR_PROJECT_DIR is set.
    expect(readLog().sort()).toEqual(
      [
        `project-shell ${project} ${project}`,
        `user-shell ${join(project, "..", "home", ".cursor")} ${project}`,
      ].sort(),
    );
  });

  it("beforeShellExecution: the command-text matcher skips a command it does not match", async () => {
    const { project, engine } = await setup();
    const result = await engine.dispatch("beforeShellExecution", {
      ...common(project),
      command: "ls",
      cwd: project,
    });
    expect(result.decision).toBeNull();
    expect(result.runs.map((run) => run.status)).toEqual(["ok", "ok"]);
  });

  it("preToolUse: matchers are regular expressions over Cursor's tool names", async () => {
    const { project, engine, readLog } = await setup();
    await engine.dispatch("preToolUse", {
      ...common(project),
      tool_name: "Shell",
      tool_input: { command: "ls" },
    });
    const skipped = await engine.dispatch("preToolUse", {
      ...common(project),
      tool_name: "Read",
      tool_input: { file_path: "a.txt" },
    });
    expect(skipped.runs).toEqual([]);
    expect(readLog()).toEqual([`project-pre-shell ${project} ${project}`]);
  });

  it("beforeReadFile: exit 2 denies with stderr; beforeMCPExecution: exit 1 fails open", async () => {
    const { project, engine } = await setup();
    const read = await engine.dispatch("beforeReadFile", {
      ...common(project),
      file_path: join(project, ".env"),
    });
    expect(read).toMatchObject({ decision: "deny", reason: "secrets stay unread" });
    const mcp = await engine.dispatch("beforeMCPExecution", {
      ...common(project),
      tool_name: "query",
      tool_input: "{}",
    });
    expect(mcp).toMatchObject({ decision: null });
    expect(codes(mcp)).toEqual(["nonzero_exit"]);
  });

  it("beforeSubmitPrompt: continue false refuses the prompt, user_message saying why", async () => {
    const { project, engine } = await setup();
    const refused = await engine.dispatch("beforeSubmitPrompt", {
      ...common(project),
      prompt: "use the secret token",
    });
    expect(refused).toMatchObject({
      continue: false,
      stopReason: "prompts must not carry secrets",
    });
    const sent = await engine.dispatch("beforeSubmitPrompt", { ...common(project), prompt: "hi" });
    expect(sent).toMatchObject({ continue: true, decision: null });
  });

  it("afterFileEdit observes the edit; its output changes nothing", async () => {
    const { project, engine, readLog } = await setup();
    const result = await engine.dispatch("afterFileEdit", {
      ...common(project),
      file_path: join(project, "a.ts"),
      edits: [{ old_string: "a", new_string: "b" }],
    });
    expect(result).toMatchObject({ decision: null, runs: [{ status: "ok" }] });
    expect(readLog()).toEqual([`project-edit ${project} ${project}`]);
  });

  it("stop: followup_message keeps the agent going, at most 5 follow-ups in a row", async () => {
    const { project, engine } = await setup();
    const stop = (count: number) =>
      engine.dispatch("stop", { ...common(project), status: "completed", loop_count: count });
    for (let count = 0; count < 5; count += 1) {
      expect(await stop(count)).toMatchObject({ decision: "block", reason: "run the tests again" });
    }
    const capped = await stop(5);
    expect(capped.decision).toBeNull();
    expect(codes(capped)).toEqual(["continuation_cap"]);
    // A new prompt starts the count afresh.
    await engine.dispatch("beforeSubmitPrompt", { ...common(project), prompt: "next" });
    expect((await stop(0)).decision).toBe("block");
  });

  it("refuses Claude Code's event names, which Cursor's files do not use", async () => {
    const { engine } = await setup();
    expect(codes(await engine.dispatch("PreToolUse", {}))).toEqual(["unknown_event"]);
  });
});
