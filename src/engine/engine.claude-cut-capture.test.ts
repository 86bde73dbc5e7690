import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { partialCaptureMessage, suspectCaptureMessage } from "../decide/screen-cut-capture.js";
import { createHookEngine, type HookEngine } from "./engine.js";

// A hook that exits while a child it started still holds its stdout open: Claude Code 2.1.328
// refuses a reply from such a capture that grants, rewrites or injects ("… its stdio went quiet
// before end-of-stream …; refusing to honor the suspect capture"). Real processes: the fixture
// script backgrounds `sleep 30` and records its pid, and each test reads what happened to it.

const script = fileURLToPath(
  new URL("../../test/fixtures/claude/scripts/reply-leaving-child.sh", import.meta.url),
);
const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

const engines: HookEngine[] = [];
const children: number[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
  for (const pid of children.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
});

/** Whether the process runs (a zombie, ended but not yet reaped by its new parent, does not). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

/** An engine whose one hook for `event` prints `reply` and leaves a child (holding stdout, or not). */
async function setup(event: string, reply: unknown, closed = false) {
  const workspace = createTestWorkspace("claude-cut-capture");
  workspace.createDirectory("project", ".claude");
  workspace.createDirectory("home", ".claude");
  const pidFile = join(workspace.root, "child.pid");
  const text = typeof reply === "string" ? reply : JSON.stringify(reply);
  const command = [script, text, pidFile, ...(closed ? ["--closed"] : [])].map(quote).join(" ");
  writeFileSync(
    join(workspace.project, ".claude", "settings.json"),
    JSON.stringify({ hooks: { [event]: [{ hooks: [{ type: "command", command }] }] } }),
  );
  const engine = await createHookEngine({
    profile: "claude",
    cwd: workspace.project,
    home: workspace.home,
  });
  engines.push(engine);
  const child = () => {
    const pid = Number(readFileSync(pidFile, "utf8").trim());
    children.push(pid);
    return pid;
  };
  return { engine, child };
}

const leftOpen = (result: { diagnostics: readonly { code: string; severity: string }[] }) =>
  result.diagnostics
    .filter((diagnostic) => diagnostic.code === "output_left_open")
    .map((diagnostic) => diagnostic.severity);

describe.skipIf(process.platform === "win32")(
  "claude: a capture a leftover child kept open",
  () => {
    it("does not honour a Stop block, says so, and ends the child", async () => {
      const { engine, child } = await setup("Stop", { decision: "block", reason: "keep going" });
      const result = await engine.dispatch("Stop", {});
      expect(result).toMatchObject({ decision: null, reason: null });
      expect(leftOpen(result)).toEqual(["warning"]);
      expect(result.diagnostics.find((d) => d.code === "output_left_open")?.message).toContain(
        suspectCaptureMessage,
      );
      expect(isAlive(child())).toBe(false);
    });

    it("honours the same Stop block when the child's output goes elsewhere", async () => {
      const { engine, child } = await setup(
        "Stop",
        { decision: "block", reason: "keep going" },
        true,
      );
      const result = await engine.dispatch("Stop", {});
      expect(result).toMatchObject({ decision: "block", reason: "keep going" });
      expect(leftOpen(result)).toEqual([]);
      expect(isAlive(child())).toBe(true);
    });

    it("blocks a PreToolUse allow with the refusal as its reason (fails closed)", async () => {
      const reply = {
        hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" },
      };
      const { engine, child } = await setup("PreToolUse", reply);
      const result = await engine.dispatch("PreToolUse", {
        tool_name: "Bash",
        tool_input: { command: "ls" },
      });
      expect(result.decision).toBe("deny");
      expect(result.reason).toContain(suspectCaptureMessage);
      expect(leftOpen(result)).toEqual(["error"]);
      expect(isAlive(child())).toBe(false);
    });

    it("keeps a PreToolUse deny: a reply that only restricts is honoured", async () => {
      const reply = {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "no",
        },
      };
      const { engine, child } = await setup("PreToolUse", reply);
      const result = await engine.dispatch("PreToolUse", {
        tool_name: "Bash",
        tool_input: { command: "ls" },
      });
      expect(result).toMatchObject({ decision: "deny", reason: "no" });
      expect(leftOpen(result)).toEqual([]);
      expect(isAlive(child())).toBe(false);
    });

    it("blocks on a JSON reply that never completed", async () => {
      const { engine, child } = await setup("PreToolUse", '{"hookSpecificOutput": {');
      const result = await engine.dispatch("PreToolUse", {
        tool_name: "Bash",
        tool_input: { command: "ls" },
      });
      expect(result.decision).toBe("deny");
      expect(result.reason).toContain(partialCaptureMessage);
      expect(leftOpen(result)).toEqual(["error"]);
      child();
    });

    it("reads plain text as it is", async () => {
      const { engine, child } = await setup("SessionStart", "plain context");
      const result = await engine.dispatch("SessionStart", { source: "startup" });
      expect(result.additionalContext).toEqual(["plain context"]);
      expect(leftOpen(result)).toEqual([]);
      child();
    });
  },
);
