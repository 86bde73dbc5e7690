import { spawn } from "node:child_process";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { DispatchResult } from "../decide/dispatch-result.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const config = "test/fixtures/cli/hooks.json";

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], input = ""): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["bin/agent-hooks.js", ...args], {
      cwd: root,
      env: { ...process.env, NO_COLOR: "1" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe("agent-hooks dispatch", () => {
  it("prints the DispatchResult JSON with decision, runs and load diagnostics", async () => {
    const payload = JSON.stringify({ tool_name: "execute", tool_input: { command: "rm -rf /" } });
    const run = await runCli(
      ["dispatch", "PreToolUse", "--payload", "-", "--config", config, "--session", "s-1"],
      payload,
    );
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as DispatchResult;
    expect(result).toMatchObject({
      event: "PreToolUse",
      decision: "deny",
      reason: "rm -rf blocked (Bash in session s-1)",
      continue: true,
      stopReason: null,
      systemMessages: [],
      additionalContext: [],
      updatedInput: null,
    });
    expect(result.runs).toEqual([
      expect.objectContaining({
        id: "PreToolUse:0:0",
        source: path.join(root, config),
        status: "blocked",
        exitCode: 0,
        signal: null,
      }),
    ]);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: "invalid_matcher",
        severity: "error",
        file: path.join(root, config),
        path: "hooks.PreToolUse[1].matcher",
      }),
    );
  });

  it("reads the payload from a file and dispatches an empty payload without one", async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), "agent-hooks-cli-"));
    const file = path.join(directory, "payload.json");
    await writeFile(file, JSON.stringify({ tool_name: "Bash", tool_input: { command: "ls" } }));
    const withFile = await runCli([
      "dispatch",
      "PreToolUse",
      "--payload",
      file,
      "--config",
      config,
    ]);
    expect(JSON.parse(withFile.stdout)).toMatchObject({ decision: null, runs: [{ status: "ok" }] });
    const without = await runCli(["dispatch", "Stop", "--config", config]);
    expect(JSON.parse(without.stdout)).toMatchObject({ decision: "block", reason: "keep going" });
  });

  it.each([
    [["dispatch", "NoSuchEvent", "--config", config], /unknown event "NoSuchEvent"/],
    [["dispatch", "Stop", "--profile", "nope"], /unknown profile "nope"/],
    [["dispatch", "Stop", "--payload", "/no/such/file.json"], /cannot read \/no\/such\/file.json/],
    [["dispatch"], /missing required argument/],
    [["frobnicate"], /unknown command/],
  ])("exits 1 with a one-line message for usage error %j", async (args, message) => {
    const run = await runCli(args);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split("\n").length).toBeLessThanOrEqual(2);
    expect(run.stdout).toBe("");
  });

  it("rejects a payload that is not a JSON object", async () => {
    const run = await runCli(["dispatch", "Stop", "--payload", "-", "--config", config], "[1, 2]");
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/standard input must contain a JSON object/);
  });
});

describe("agent-hooks replay", () => {
  it("serves every line from one engine: the ninth consecutive Stop block is refused", async () => {
    const lines = Array.from({ length: 9 }, () => JSON.stringify({ event: "Stop", payload: {} }));
    lines.push(JSON.stringify({ event: "UserPromptSubmit", payload: { prompt: "again" } }));
    lines.push(JSON.stringify({ event: "Stop", payload: {} }));
    lines.push("not json");
    const run = await runCli(["replay", "-", "--config", config], `${lines.join("\n")}\n`);
    expect(run.code).toBe(0);
    const results = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as DispatchResult);
    expect(results).toHaveLength(12);
    expect(results.slice(0, 8).map((result) => result.decision)).toEqual(Array(8).fill("block"));
    expect(results[8]?.decision).toBeNull();
    expect(results[8]?.diagnostics.map((diagnostic) => diagnostic.code)).toContain(
      "continuation_cap",
    );
    expect(results[10]?.decision).toBe("block");
    expect(results[11]?.diagnostics).toContainEqual(
      expect.objectContaining({ code: "invalid_payload", message: expect.stringMatching(/-:12/) }),
    );
  });

  it("prints a readable timeline with --pretty", async () => {
    const run = await runCli([
      "replay",
      "examples/session.jsonl",
      "--config",
      "examples/hooks.json",
      "--pretty",
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("▸ PreToolUse Bash (execute) · rm -rf build");
    expect(run.stdout).toMatch(/decision: deny — Recursive or forced rm is blocked/);
    expect(run.stdout).toMatch(/decision: ask — \.env may hold secrets/);
    expect(run.stdout).toMatch(/decision: block — Run the tests/);
  });
});

describe("agent-hooks validate and config path", () => {
  it("prints diagnostics readably and exits 1 when any is an error", async () => {
    const run = await runCli(["validate", "--config", config]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/error\s+invalid_matcher/);
    expect(run.stdout).toContain("hooks.PreToolUse[1].matcher");
    const json = await runCli(["validate", "--config", config, "--json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ profile: "deepagents", handlers: 2 });
  });

  it("exits 0 for a clean configuration", async () => {
    const run = await runCli(["validate", "--config", "examples/hooks.json"]);
    expect(run.stdout).toMatch(/5 handlers loaded/);
    expect(run.code).toBe(0);
  });

  it("resolves ~/.deepagents/hooks.json under --home and says whether it exists", async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), "agent-hooks-home-"));
    const missing = await runCli(["config", "path", "--home", home, "--json"]);
    const file = path.join(home, ".deepagents", "hooks.json");
    expect(JSON.parse(missing.stdout)).toEqual([{ file, layer: "user", exists: false }]);
    await mkdir(path.dirname(file));
    await writeFile(file, "{}");
    const present = await runCli(["config", "path", "--home", home]);
    expect(present.stdout).toContain(`${file}  (user)  exists`);
  });
});
