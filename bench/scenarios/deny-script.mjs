// Scenario b: one hook running a script that reads stdin and prints a deny JSON.
import { join } from "node:path";
import { spawnRaw } from "../lib/baselines.mjs";
import { createGeminiInput } from "../lib/gemini-runner.mjs";
import { describeRatioFigures, sampleSideBySide } from "../lib/statistics.mjs";
import { commandLine, group, hooksDirectory } from "../lib/workspace.mjs";

export async function runDenyScript({ workspace, gemini, samples }) {
  const script = join(hooksDirectory, "deny.sh");
  const command = commandLine(script);
  const payload = { tool_name: "Bash", tool_input: { command: "rm -rf build" } };
  const engine = await workspace.createEngine(
    workspace.writeConfig({ PreToolUse: [group("Bash", command)] }),
  );
  const input = JSON.stringify({
    session_id: "bench-session",
    cwd: workspace.root,
    hook_event_name: "PreToolUse",
    ...payload,
  });
  const check = await engine.dispatch("PreToolUse", payload);
  if (check.decision !== "deny") throw new Error(`scenario b: ${JSON.stringify(check)}`);
  const contenders = {
    "engine.dispatch → deny": () => engine.dispatch("PreToolUse", payload),
    "raw spawn(deny.sh)": () => spawnRaw(script, [], input),
    "raw spawn(bash -c deny.sh)": () => spawnRaw("bash", ["-c", command], input),
  };
  if (gemini.runner !== undefined) {
    const geminiInput = createGeminiInput(workspace.root);
    const hookConfig = { type: "command", command, timeout: 60_000 };
    contenders["Gemini HookRunner.executeHook"] = () =>
      gemini.runner.executeHook(hookConfig, "BeforeTool", geminiInput);
  }
  const durations = await sampleSideBySide(contenders, { warmup: 20, samples });
  await engine.close();
  return {
    id: "b",
    title: "one hook: a script that reads stdin and prints a deny JSON",
    figures: describeRatioFigures(durations, "raw spawn(deny.sh)"),
    targets: [],
  };
}
