import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { runCli } from "../../test/support/run-cli.js";
import { findClosestName, suggestName } from "../config/suggest-name.js";
import { formatNames } from "../convert/portable-hooks.js";
import { profiles } from "../profiles/profiles.js";

// Names typed on the command line (profiles, formats, events, commands) and names in the files and
// payloads a command reads are looked up in tables. A name Object.prototype has (`constructor`,
// `toString`, `__proto__`) must be unknown there: a usage error with the choices (and a "did you
// mean" only for a real name), or a diagnostic, never a TypeError, never printed as a known name.
// Runs the built CLI (`npm run build` first).

const prototypeNames = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];

/** What a run must never print: a crash, a stack, or a function's source taken for a name. */
function expectNoLeak(run: { stdout: string; stderr: string }) {
  for (const text of [run.stdout, run.stderr]) {
    expect(text).not.toMatch(/TypeError|ReferenceError|\n\s+at |\[native code\]|\[object Object\]/);
  }
}

describe("did you mean: prototype names", () => {
  it("suggests nothing for a prototype name, and never a prototype name", () => {
    const candidateLists = [
      formatNames,
      Object.keys(profiles),
      Object.keys(profiles.claude.events),
    ];
    for (const candidates of candidateLists) {
      for (const name of prototypeNames) {
        expect(findClosestName(name, candidates)).toBeNull();
        expect(suggestName(name, candidates)).toBe("");
      }
      expect(findClosestName("constructr", [...candidates])).toBeNull();
    }
  });
});

describe("agent-hooks: prototype names typed on the command line", () => {
  const formats = formatNames.join(", ");
  const profileList = Object.keys(profiles).join(", ");
  it.each(prototypeNames)("%j is no format, profile, event or command", async (name) => {
    const runs = await Promise.all([
      runCli(["convert", "--from", name, "--to", "claude", "-"], { input: "{}" }),
      runCli(["convert", "--from", "claude", "--to", name, "-"], { input: "{}" }),
      runCli(["shim", "--hook", name, "--host", "claude", "--", "true"], { input: "{}" }),
      runCli(["shim", "--hook", "claude", "--host", name, "--", "true"], { input: "{}" }),
      runCli(["dispatch", "--profile", name, "--config", "/dev/null", "Stop"], { input: "" }),
      runCli(["dispatch", "--profile", "claude", "--config", "/dev/null", name], { input: "" }),
      runCli(["explain", "--profile", "gemini", "--config", "/dev/null", name], { input: "" }),
      runCli(["trust-project", "--profile", name]),
      runCli([name]),
    ]);
    for (const run of runs) expectNoLeak(run);
    const [from, to, hook, host, profile, event, explained, trust, command] = runs;
    expect(from?.code).toBe(1);
    expect(from?.stderr).toBe(
      `agent-hooks: unknown --from format "${name}" (choose from: ${formats})\n`,
    );
    expect(to?.stderr).toBe(
      `agent-hooks: unknown --to format "${name}" (choose from: ${formats})\n`,
    );
    expect(hook?.code).toBe(2);
    expect(hook?.stderr).toBe(
      `agent-hooks shim: unknown --hook format "${name}" (choose from: ${formats}); failing closed\n`,
    );
    expect(host?.code).toBe(2);
    expect(host?.stderr).toContain(`unknown --host format "${name}" (choose from: ${formats})`);
    expect(profile?.code).toBe(1);
    expect(profile?.stderr).toBe(
      `agent-hooks: unknown profile "${name}" (choose from: ${profileList})\n`,
    );
    expect(event?.code).toBe(1);
    expect(event?.stderr).toMatch(
      new RegExp(`^agent-hooks: unknown event "${name}" for profile claude \\(events: `),
    );
    expect(explained?.code).toBe(1);
    expect(explained?.stderr).toContain(`unknown event "${name}" for profile gemini (events: `);
    expect(trust?.code).toBe(1);
    expect(trust?.stderr).toContain(`unknown profile "${name}"`);
    expect(command?.code).toBe(1);
    expect(command?.stderr).toContain(`unknown command '${name}'`);
  });
});

describe("agent-hooks: prototype names in what a command reads", () => {
  it.each(prototypeNames)("shim: a host event named %j fails closed, named", async (name) => {
    const [fromPayload, fromFlag] = await Promise.all([
      runCli(["shim", "--hook", "claude", "--host", "cursor", "--", "true"], {
        input: JSON.stringify({ hook_event_name: name, conversation_id: "c" }),
      }),
      runCli(["shim", "--hook", "gemini", "--host", "copilot", "--event", name, "--", "true"], {
        input: "{}",
      }),
    ]);
    for (const run of [fromPayload, fromFlag]) expectNoLeak(run);
    expect(fromPayload?.code).toBe(2);
    expect(fromPayload?.stderr).toContain(`"${name}" is not a Cursor hook event; failing closed`);
    expect(fromFlag?.code).toBe(2);
    expect(fromFlag?.stderr).toContain(`"${name}" is not a Copilot CLI hook event; failing closed`);
  });

  it.each(prototypeNames)(
    "shim: a tool and a field named %j reach the hook as such",
    async (name) => {
      const workspace = createTestWorkspace("prototype-names-shim");
      const received = workspace.path("payload.json");
      const payload = `{"sessionId": "s", "toolName": ${JSON.stringify(name)}, "toolArgs": "{}", "cwd": "/", ${JSON.stringify(name)}: {"toolName": "bash"}}`;
      const hook = await runCli(
        [
          "shim",
          "--hook",
          "claude",
          "--host",
          "copilot",
          "--event",
          "preToolUse",
          "--",
          `cat > ${JSON.stringify(received)}`,
        ],
        { input: payload },
      );
      expectNoLeak(hook);
      expect(hook.code).toBe(0);
      const seen = JSON.parse(readFileSync(received, "utf8")) as Record<string, unknown>;
      expect(seen.tool_name).toBe(name);
      expect(seen.hook_event_name).toBe("PreToolUse");
      // The field keeps its name (in snake_case) and its value, prototype names included.
      const field = name.replaceAll(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
      expect(Object.hasOwn(seen, field)).toBe(true);
      expect(seen[field]).toEqual({ toolName: "bash" });
      expect(Object.keys(seen).some((key) => key.includes("native code"))).toBe(false);
    },
  );

  it.each(prototypeNames)("convert: an event named %j is unknown, as any other", async (name) => {
    const document = `{"hooks": {${JSON.stringify(name)}: [{"hooks": [{"type": "command", "command": "true"}]}]}}`;
    const run = await runCli(["convert", "--from", "claude", "--to", "gemini", "-"], {
      input: document,
    });
    expectNoLeak(run);
    expect(run.code).toBe(3);
    expect(run.stderr).toBe(
      [
        `agent-hooks convert: note: event "${name}" at hooks.${name}: is not a Claude Code event, so its hooks never run there; it is carried as ${name}`,
        `agent-hooks convert: lossy: ${name} hook at hooks.${name}[0].hooks[0]: Gemini CLI has no ${name} event; the hook is dropped`,
        "",
      ].join("\n"),
    );
    expect(JSON.parse(run.stdout)).toEqual({ hooks: {} });
  });

  it.each(prototypeNames)("replay --pretty: a tool named %j is printed as itself", async (name) => {
    const lines = [
      { event: "PreToolUse", payload: { tool_name: name, tool_input: {} } },
      { event: name, payload: {} },
    ];
    const run = await runCli(
      ["replay", "--pretty", "--profile", "claude", "--config", "/dev/null", "-"],
      { input: lines.map((line) => JSON.stringify(line)).join("\n") },
    );
    expectNoLeak(run);
    expect(run.stdout).toContain(`▸ PreToolUse ${name}\n`);
    expect(run.stdout).toContain(`unknown_event  Claude Code has no event "${name}"`);
  });
});
