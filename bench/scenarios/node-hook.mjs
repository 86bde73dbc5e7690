// Scenario e: a Node-written hook spawned per event, against the same hook as a persistent
// handler (one process for the session, NDJSON on stdin).
import { spawnRaw } from "../lib/baselines.mjs";
import { createGeminiInput } from "../lib/gemini-runner.mjs";
import { sampleSideBySide, summarize } from "../lib/statistics.mjs";
import { group, nodeHook } from "../lib/workspace.mjs";

export async function runNodeHook({ workspace, gemini, samples, peerSamples }) {
  const payload = { tool_name: "Bash", tool_input: { command: "ls", mode: "deny" } };
  const spawned = await workspace.createEngine(
    workspace.writeConfig({ PreToolUse: [group("Bash", `node ${nodeHook}`)] }),
  );
  const persistent = await workspace.createEngine(
    workspace.writeConfig({
      PreToolUse: [group("Bash", { command: `node ${nodeHook} --persistent`, persistent: true })],
    }),
  );
  for (const engine of [spawned, persistent]) {
    const check = await engine.dispatch("PreToolUse", payload);
    if (check.decision !== "deny") throw new Error(`scenario e: ${JSON.stringify(check)}`);
  }
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
    const hookConfig = { type: "command", command: `node ${nodeHook}`, timeout: 60_000 };
    peers["Gemini HookRunner, node hook"] = () =>
      gemini.runner.executeHook(hookConfig, "BeforeTool", geminiInput);
  }
  Object.assign(durations, await sampleSideBySide(peers, { warmup: 2, samples: peerSamples }));
  await spawned.close();
  await persistent.close();
  const stats = Object.fromEntries(
    Object.entries(durations).map(([name, values]) => [name, summarize(values)]),
  );
  const persistentStat = stats["engine, same hook persistent"];
  const spawnedStat = stats["engine, node hook spawned per event"];
  const speedup = spawnedStat.median / persistentStat.median;
  return {
    id: "e",
    title: "a Node hook (.mjs): spawned per event vs persistent",
    figures: Object.entries(stats).map(([name, stat]) => ({
      name,
      unit: "ms",
      ...stat,
      ratio: stat.median / persistentStat.median,
      ratioAgainst: "persistent",
    })),
    targets: [
      {
        id: "e",
        text: "(e) persistent at least 50× faster per event than spawning node",
        measured: speedup,
        unit: "×",
        limit: 50,
        met: speedup >= 50,
      },
    ],
  };
}
