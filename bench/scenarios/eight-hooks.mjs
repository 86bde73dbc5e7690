// Scenario c: eight matching hooks (`sleep 0.2`) on one event, total against one hook.
import { createGeminiInput } from "../lib/gemini-runner.mjs";
import {
  describeFactorTarget,
  describeRatioFigures,
  sampleSideBySide,
} from "../lib/statistics.mjs";
import { group } from "../lib/workspace.mjs";

// Eight spellings of the same 0.2 s sleep: identical commands would run once (duplicates).
const sleeps = Array.from({ length: 8 }, (_, index) => `sleep 0.2${"0".repeat(index)}`);

export async function runEightHooks({ workspace, gemini, samples, peerSamples }) {
  const payload = { tool_name: "Bash", tool_input: { command: "ls" } };
  const eight = await workspace.createEngine(
    workspace.writeConfig({ PreToolUse: [group("Bash", ...sleeps)] }),
  );
  const one = await workspace.createEngine(
    workspace.writeConfig({ PreToolUse: [group("Bash", sleeps[0])] }),
  );
  const check = await eight.dispatch("PreToolUse", payload);
  if (check.runs.length !== 8 || check.runs.some((run) => run.status !== "ok")) {
    throw new Error(`scenario c: ${JSON.stringify(check.runs)}`);
  }
  const durations = await sampleSideBySide(
    {
      "engine, 8 hooks": () => eight.dispatch("PreToolUse", payload),
      "engine, 1 hook": () => one.dispatch("PreToolUse", payload),
    },
    { warmup: 3, samples },
  );
  await eight.close();
  await one.close();
  const figures = describeRatioFigures(durations, "engine, 1 hook");
  if (gemini.runner !== undefined) {
    const input = createGeminiInput(workspace.root);
    const configs = sleeps.map((command) => ({ type: "command", command, timeout: 60_000 }));
    const peer = await sampleSideBySide(
      {
        "Gemini executeHooksParallel, 8 hooks": () =>
          gemini.runner.executeHooksParallel(configs, "BeforeTool", input),
        "Gemini executeHooksParallel, 1 hook": () =>
          gemini.runner.executeHooksParallel(configs.slice(0, 1), "BeforeTool", input),
      },
      { warmup: 2, samples: peerSamples },
    );
    figures.push(
      ...describeRatioFigures(peer, "Gemini executeHooksParallel, 1 hook", "Gemini, 1 hook"),
    );
  }
  const ratio = figures.find((figure) => figure.name === "engine, 8 hooks").ratio;
  return {
    id: "c",
    title: "eight matching hooks (`sleep 0.2`): total against one",
    figures,
    targets: [
      describeFactorTarget("c", "(c) 8 hooks at most 1.15× one hook", ratio, {
        limit: 1.15,
        bound: "atMost",
      }),
    ],
  };
}
