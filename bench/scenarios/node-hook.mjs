// Scenario e: a Node-written hook spawned per event, against the same hook as a persistent
// handler (one process for the session, NDJSON on stdin).
import { spawnRaw } from "../lib/baselines.mjs";
import { createGeminiInput } from "../lib/gemini-runner.mjs";
import {
  describeSpeedupResult,
  openOneShotAndPersistent,
} from "../lib/one-shot-against-persistent.mjs";
import { sampleSideBySide } from "../lib/statistics.mjs";
import { commandLine, nodeHook } from "../lib/workspace.mjs";

export async function runNodeHook({ workspace, gemini, samples, peerSamples }) {
  const payload = { tool_name: "Bash", tool_input: { command: "ls", mode: "deny" } };
  const engines = await openOneShotAndPersistent(workspace, {
    id: "e",
    command: commandLine("node", nodeHook),
    persistentCommand: commandLine("node", nodeHook, "--persistent"),
    payload,
  });
  const { oneShot: spawned, persistent } = engines;
  const input = JSON.stringify({
    session_id: "bench-session",
    hook_event_name: "PreToolUse",
    ...payload,
  });
  const contenders = {
    "engine, node hook spawned per event": () => spawned.dispatch("PreToolUse", payload),
    "engine, same hook persistent": () => persistent.dispatch("PreToolUse", payload),
  };
  const durations = await sampleSideBySide(contenders, { warmup: 5, samples });
  // The baselines spawn Node too: fewer samples keep the run short; they run side by side with
  // the engine's spawned hook, whose own figure above has the full count.
  const peers = {
    "raw spawn(node hook.mjs)": () => spawnRaw("node", [nodeHook], input),
    "engine, node hook spawned per event (beside the baselines)": () =>
      spawned.dispatch("PreToolUse", payload),
  };
  if (gemini.runner !== undefined) {
    const geminiInput = { ...createGeminiInput(workspace.root), tool_input: payload.tool_input };
    const hookConfig = { type: "command", command: commandLine("node", nodeHook), timeout: 60_000 };
    peers["Gemini HookRunner, node hook"] = () =>
      gemini.runner.executeHook(hookConfig, "BeforeTool", geminiInput);
  }
  Object.assign(durations, await sampleSideBySide(peers, { warmup: 2, samples: peerSamples }));
  await engines.close();
  return describeSpeedupResult({
    id: "e",
    title: "a Node hook (.mjs): spawned per event vs persistent",
    durations,
    oneShotName: "engine, node hook spawned per event",
    persistentName: "engine, same hook persistent",
    text: "(e) persistent at least 50× faster per event than spawning node",
    limit: 50,
  });
}
