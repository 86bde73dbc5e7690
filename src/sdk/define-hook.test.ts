import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../test/fixtures/sdk/ensure-built.js";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { createHookEngine } from "../engine/engine.js";
import type { ProfileName } from "../profiles/profiles.js";
import { addContext, allow, block, defer, deny, stop } from "./hook-results.js";
import { renderHookResult } from "./render-hook-result.js";

// Real hook scripts written with the SDK (test/fixtures/sdk), run through the real engine.

const fixtures = fileURLToPath(new URL("../../test/fixtures/sdk/", import.meta.url));

beforeAll(() => ensureBuilt(), 120_000);

const script = (name: string, profile: string) => `node '${path.join(fixtures, name)}' ${profile}`;

/** An engine on one hooks file running `node <script> <profile>` for each event. */
async function createEngine(profile: ProfileName, hooks: Record<string, string>) {
  const root = createTestWorkspace("sdk").root;
  mkdirSync(path.join(root, "home"));
  const file = path.join(root, "hooks.json");
  const groups = Object.fromEntries(
    Object.entries(hooks).map(([event, name]) => [
      event,
      [{ hooks: [{ type: "command", command: script(name, profile) }] }],
    ]),
  );
  writeFileSync(file, JSON.stringify({ hooks: groups }));
  return createHookEngine({
    profile,
    cwd: root,
    home: path.join(root, "home"),
    systemDir: path.join(root, "system"),
    configFiles: [file],
    bypassHookTrust: true,
  });
}

const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } });

describe.each(["deepagents", "zerocode", "vscode"] as const)("SDK hooks under %s", (profile) => {
  it("denies, adds context and stops from PreToolUse", async () => {
    const engine = await createEngine(profile, { PreToolUse: "guard.mjs" });
    const denied = await engine.dispatch("PreToolUse", bash("rm -rf /"));
    expect(denied.decision).toBe("deny");
    expect(denied.reason).toContain("recursive deletes");
    const context = await engine.dispatch("PreToolUse", bash("ls"));
    expect(context.decision).toBeNull();
    expect(context.additionalContext.join("\n")).toContain("ran through the guard: ls");
    const stopped = await engine.dispatch("PreToolUse", bash("halt"));
    if (profile === "zerocode") {
      // ZeroCode's PreToolUse reads only systemMessage at the top level: reported, not applied.
      expect(stopped.continue).toBe(true);
      expect(stopped.diagnostics.map((item) => item.code)).toContain("unsupported_field");
    } else {
      expect(stopped.continue).toBe(false);
      expect(stopped.stopReason).toBe("the guard stopped the session");
    }
    await engine.close();
  });

  it("blocks a Stop once, then lets it stop", async () => {
    const engine = await createEngine(profile, { Stop: "stop-once.mjs" });
    const first = await engine.dispatch("Stop", { stop_hook_active: false });
    expect(first.decision).toBe("block");
    expect(first.reason).toBe("the tests have not run yet");
    const second = await engine.dispatch("Stop", { stop_hook_active: true });
    expect(second.decision).toBeNull();
    await engine.close();
  });

  it("reports a throwing handler as a non-blocking error", async () => {
    const engine = await createEngine(profile, { PreToolUse: "throwing.mjs" });
    const result = await engine.dispatch("PreToolUse", bash("ls"));
    expect(result.decision).toBeNull();
    expect(result.runs[0]?.status).toBe("error");
    expect(result.runs[0]?.exitCode).toBe(1);
    await engine.close();
  });
});

describe("SDK decisions that differ by profile", () => {
  it("asks under deepagents and vscode", async () => {
    for (const profile of ["deepagents", "vscode"] as const) {
      const engine = await createEngine(profile, { PreToolUse: "guard.mjs" });
      const result = await engine.dispatch("PreToolUse", bash("git push"));
      expect(result.decision).toBe("ask");
      expect(result.reason).toBe("pushing needs a human");
      await engine.close();
    }
  });

  it("allows with a rewritten input under zerocode and vscode", async () => {
    const zerocode = await createEngine("zerocode", { PreToolUse: "guard.mjs" });
    const rewritten = await zerocode.dispatch("PreToolUse", bash("npm test"));
    expect(rewritten.decision).toBe("allow");
    expect(rewritten.updatedInput).toEqual({ command: "npm test --silent" });
    await zerocode.close();
    const vscode = await createEngine("vscode", { PreToolUse: "guard.mjs" });
    const schema = { type: "object", properties: { command: { type: "string" } } };
    const result = await vscode.dispatch(
      "PreToolUse",
      { tool_name: "run_in_terminal", tool_input: { command: "npm test" } },
      { toolInputSchema: schema },
    );
    expect(result.decision).toBe("allow");
    expect(result.updatedInput).toEqual({ command: "npm test --silent" });
    await vscode.close();
  });

  it("blocks a prompt and adds context under zerocode", async () => {
    const engine = await createEngine("zerocode", { UserPromptSubmit: "prompt-gate.mjs" });
    const blocked = await engine.dispatch("UserPromptSubmit", { prompt: "my password is x" });
    expect(blocked.decision).toBe("block");
    expect(blocked.reason).toBe("prompts must not contain secrets");
    const context = await engine.dispatch("UserPromptSubmit", { prompt: "fix the bug" });
    expect(context.additionalContext).toContain("house rules: run the tests");
    await engine.close();
  });

  it("answers a PermissionRequest with decision.behavior under deepagents and zerocode", async () => {
    for (const profile of ["deepagents", "zerocode"] as const) {
      const engine = await createEngine(profile, { PermissionRequest: "permission.mjs" });
      const denied = await engine.dispatch("PermissionRequest", bash("sudo ls"));
      expect(denied.decision).toBe("deny");
      expect(denied.reason).toBe("no sudo");
      const allowed = await engine.dispatch("PermissionRequest", bash("ls"));
      expect(allowed.decision).toBe("allow");
      await engine.close();
    }
  });
});

describe("SDK event output under claude", () => {
  it("passes SessionStart watchPaths and sessionTitle to the host in eventOutput", async () => {
    const engine = await createEngine("claude", { SessionStart: "session-watch.mjs" });
    const result = await engine.dispatch("SessionStart", {
      source: "startup",
      session_id: "s1",
      cwd: "/repo",
    });
    expect(result.runs[0]?.status).toBe("ok");
    expect(result.diagnostics).toEqual([]);
    expect(result.eventOutput).toEqual({
      watchPaths: ["/repo/.envrc"],
      sessionTitle: "session s1",
    });
    expect(result.additionalContext).toEqual(["session started by startup"]);
    await engine.close();
  });
});

describe("defineHook's own input handling", () => {
  /** Runs a fixture hook with `input` on stdin; `keepOpen` never closes stdin. */
  function runScript(name: string, input: string, keepOpen = false) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join(fixtures, name), "claude"], {
        stdio: ["pipe", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.on("close", (code) => resolve({ code, stdout, stderr }));
      child.stdin.write(input);
      if (!keepOpen) child.stdin.end();
    });
  }

  it("answers without waiting for stdin to close", async () => {
    const input = JSON.stringify({ hook_event_name: "PreToolUse", ...bash("rm -rf /") });
    const result = await runScript("guard.mjs", input, true);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
  });

  it("gives up on a silent stdin with a non-blocking error", async () => {
    const result = await runScript("guard.mjs", "", true);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("received nothing on stdin");
  });

  it("refuses another event's payload with a non-blocking error", async () => {
    const input = JSON.stringify({ hook_event_name: "PostToolUse", ...bash("ls") });
    const result = await runScript("guard.mjs", input);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("received a PostToolUse event");
  });
});

describe("renderHookResult", () => {
  it.each([
    ["claude", "Stop", block("again"), { decision: "block", reason: "again" }],
    [
      "vscode",
      "Stop",
      block("again"),
      { hookSpecificOutput: { hookEventName: "Stop", decision: "block", reason: "again" } },
    ],
    [
      "claude",
      "PermissionRequest",
      deny("no"),
      {
        hookSpecificOutput: {
          hookEventName: "PermissionRequest",
          decision: { behavior: "deny", message: "no" },
        },
      },
    ],
    [
      "claude",
      "PreToolUse",
      { ...allow({ updatedInput: { command: "ls" } }), ...addContext("why") },
      {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "allow",
          updatedInput: { command: "ls" },
          additionalContext: "why",
        },
      },
    ],
    ["zerocode", "PreToolUse", stop("done"), { continue: false, stopReason: "done" }],
    [
      "claude",
      "PreToolUse",
      defer("not mine"),
      {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "defer",
          permissionDecisionReason: "not mine",
        },
      },
    ],
  ] as const)("%s %s", (profile, event, result, expected) => {
    const outcome = renderHookResult(result, event, profile);
    expect(outcome.exitCode).toBe(0);
    expect(JSON.parse(outcome.stdout)).toEqual(expected);
  });

  it.each([
    ["deepagents", "PreToolUse"],
    ["claude", "PermissionRequest"],
    ["claude", "Stop"],
  ] as const)("refuses a defer where %s %s does not apply one", (profile, event) => {
    const outcome = renderHookResult(defer("later"), event, profile);
    expect(outcome).toMatchObject({ exitCode: 1, stdout: "" });
    expect(outcome.stderr).toContain(`${event} cannot defer`);
  });

  it("hands a block of an event that cannot decide to exit code 2", () => {
    expect(renderHookResult(block("too slow"), "PostToolUse", "deepagents")).toEqual({
      exitCode: 2,
      stdout: "",
      stderr: "too slow\n",
    });
  });
});

describe("defineHook in a prewarmed standby", () => {
  it("waits for its event past stdinTimeoutMs, so the standby stays usable", async () => {
    const workspace = createTestWorkspace("sdk-prewarm");
    const settings = workspace.writeJson("project/.claude/settings.json", {
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "command", command: `node '${path.join(fixtures, "prewarm-guard.mjs")}'` },
            ],
          },
        ],
      },
    });
    const engine = await createHookEngine({
      profile: "claude",
      cwd: workspace.project,
      home: workspace.home,
      configFiles: [settings],
      prewarm: true,
    });
    try {
      const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } });
      const first = await engine.dispatch("PreToolUse", bash("ls"));
      expect(first.additionalContext).toEqual(["checked: ls"]);
      // Its standby waits well past the script's 200 ms stdinTimeoutMs before the next event.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (const command of ["rm -rf build", "pwd"]) {
        const result = await engine.dispatch("PreToolUse", bash(command));
        expect(result.diagnostics).toEqual([]);
        if (command === "pwd") expect(result.additionalContext).toEqual(["checked: pwd"]);
        else expect(result.decision).toBe("deny");
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      await engine.close();
    }
  });
});
