// Scenario k: the same Python guard, written once on clients/python/agent_hooks_sdk.py, started
// per event (one-shot) against started once as a persistent handler, side by side.
import { join } from "node:path";
import { sampleSideBySide, summarize } from "../lib/statistics.mjs";
import { group, repositoryDirectory } from "../lib/workspace.mjs";

const guard = join(repositoryDirectory, "test/fixtures/handlers/python-sdk-guard.py");

export async function runPythonSdkGuard({ workspace, samples }) {
  const payload = { tool_name: "Bash", tool_input: { command: "rm -rf build" } };
  const oneShot = await workspace.createEngine(
    workspace.writeConfig({ PreToolUse: [group("Bash", `python3 ${guard}`)] }),
  );
  const persistent = await workspace.createEngine(
    workspace.writeConfig({
      PreToolUse: [group("Bash", { command: `python3 ${guard}`, persistent: true })],
    }),
  );
  for (const engine of [oneShot, persistent]) {
    const check = await engine.dispatch("PreToolUse", payload);
    if (check.decision !== "deny") throw new Error(`scenario k: ${JSON.stringify(check)}`);
  }
  const durations = await sampleSideBySide(
    {
      "engine, Python SDK guard one-shot": () => oneShot.dispatch("PreToolUse", payload),
      "engine, same guard persistent": () => persistent.dispatch("PreToolUse", payload),
    },
    { warmup: 3, samples },
  );
  await oneShot.close();
  await persistent.close();
  const stats = Object.fromEntries(
    Object.entries(durations).map(([name, values]) => [name, summarize(values)]),
  );
  const persistentStat = stats["engine, same guard persistent"];
  const oneShotStat = stats["engine, Python SDK guard one-shot"];
  const speedup = oneShotStat.median / persistentStat.median;
  return {
    id: "k",
    title: "a Python guard on the SDK: one-shot vs persistent",
    figures: Object.entries(stats).map(([name, stat]) => ({
      name,
      unit: "ms",
      ...stat,
      ratio: stat.median / persistentStat.median,
      ratioAgainst: "persistent",
    })),
    targets: [
      {
        id: "k",
        text: "(k) the persistent Python SDK guard at least 10× faster per event than one-shot",
        measured: speedup,
        unit: "×",
        limit: 10,
        met: speedup >= 10,
      },
    ],
  };
}
