// Scenario a: one PreToolUse hook running `true`, against raw spawn, sh -c, bash -c and the
// Gemini runner, all in one loop.
import { spawnRaw } from "../lib/baselines.mjs";
import { createGeminiInput } from "../lib/gemini-runner.mjs";
import {
  describeFactorTarget,
  describeRatioFigures,
  sampleSideBySide,
  summarizeEach,
} from "../lib/statistics.mjs";
import { group } from "../lib/workspace.mjs";

export async function runSpawnTrue({ workspace, gemini, samples }) {
  const payload = { tool_name: "Bash", tool_input: { command: "ls -la" } };
  const direct = await workspace.createEngine(
    workspace.writeConfig({ PreToolUse: [group("Bash", "true")] }),
  );
  // A trailing comment is shell syntax: the same `true`, forced through /bin/sh.
  const viaShell = await workspace.createEngine(
    workspace.writeConfig({ PreToolUse: [group("Bash", "true #")] }),
  );
  const input = JSON.stringify({
    session_id: "bench-session",
    cwd: workspace.root,
    hook_event_name: "PreToolUse",
    ...payload,
  });
  const contenders = {
    "engine.dispatch, `true` (direct exec)": () => direct.dispatch("PreToolUse", payload),
    "engine.dispatch, `true #` (through sh)": () => viaShell.dispatch("PreToolUse", payload),
    "raw spawn(true)": () => spawnRaw("true", [], input),
    "raw spawn(sh -c true)": () => spawnRaw("/bin/sh", ["-c", "true"], input),
    "raw spawn(bash -c true)": () => spawnRaw("bash", ["-c", "true"], input),
  };
  if (gemini.runner !== undefined) {
    const geminiInput = createGeminiInput(workspace.root);
    const hookConfig = { type: "command", command: "true", timeout: 60_000 };
    contenders["Gemini HookRunner.executeHook (bash -c)"] = () =>
      gemini.runner.executeHook(hookConfig, "BeforeTool", geminiInput);
  }
  const check = await direct.dispatch("PreToolUse", payload);
  if (check.runs[0]?.status !== "ok") throw new Error(`scenario a: ${JSON.stringify(check)}`);
  const durations = await sampleSideBySide(contenders, { warmup: 20, samples });
  await direct.close();
  await viaShell.close();
  const stats = summarizeEach(durations);
  const engine = stats["engine.dispatch, `true` (direct exec)"];
  const raw = stats["raw spawn(true)"];
  const bash = stats["raw spawn(bash -c true)"];
  const peer = stats["Gemini HookRunner.executeHook (bash -c)"];
  const targets = [
    describeFactorTarget(
      "a",
      "(a) at most 1.10× raw spawn of the same argv",
      engine.median / raw.median,
      {
        limit: 1.1,
        bound: "atMost",
      },
    ),
    {
      id: "a-peer",
      text: "(a) below the Gemini runner's median",
      measured: peer === undefined ? null : engine.median / peer.median,
      unit: "× Gemini",
      limit: 1,
      met: peer === undefined ? null : engine.median < peer.median,
    },
    describeFactorTarget(
      "direct",
      "direct exec: (a) with `true` at most 0.85× `bash -c true`",
      engine.median / bash.median,
      { limit: 0.85, bound: "atMost" },
    ),
  ];
  return {
    id: "a",
    title: "one PreToolUse hook running `true`",
    figures: describeRatioFigures(durations, "raw spawn(true)"),
    targets,
  };
}
