// Scenario g: a hook that leaves grandchildren (one holding its stdout) with a 0.5 s timeout:
// how long until the dispatch returns, and how many of its processes survive.
import { join } from "node:path";
import { countSurvivors, killSurvivors } from "../lib/count-survivors.mjs";
import { createGeminiInput } from "../lib/gemini-runner.mjs";
import { summarize } from "../lib/statistics.mjs";
import { commandLine, group, hooksDirectory } from "../lib/workspace.mjs";

const script = join(hooksDirectory, "leave-grandchildren.sh");

export async function runTimeoutPrecision({ workspace, gemini, samples, peerSamples }) {
  const pidFile = join(workspace.root, "timeout-pids.txt");
  const engine = await workspace.createEngine(
    workspace.writeConfig({
      PreToolUse: [group("Bash", { command: commandLine(script, pidFile), timeout: 0.5 })],
    }),
  );
  const payload = { tool_name: "Bash", tool_input: { command: "ls" } };
  const returns = [];
  const survivorsAtReturn = [];
  const survivorsLater = [];
  for (let round = 0; round < samples; round += 1) {
    workspace.writeFile("timeout-pids.txt", "");
    const startedAt = performance.now();
    const result = await engine.dispatch("PreToolUse", payload);
    returns.push(performance.now() - startedAt);
    if (result.runs[0]?.status !== "timeout")
      throw new Error(`scenario g: ${JSON.stringify(result)}`);
    survivorsAtReturn.push(countSurvivors(pidFile).alive);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const later = countSurvivors(pidFile);
    survivorsLater.push(later.alive);
    killSurvivors(later.alivePids);
  }
  await engine.close();
  const figures = [
    { name: "engine: time to return (timeout 0.5 s)", unit: "ms", ...summarize(returns) },
    { name: "engine: survivors at return", unit: "processes", ...summarize(survivorsAtReturn) },
    {
      name: "engine: survivors 0.2 s after return",
      unit: "processes",
      ...summarize(survivorsLater),
    },
  ];
  if (gemini.runner !== undefined) {
    const peerPidFile = join(workspace.root, "peer-timeout-pids.txt");
    const input = createGeminiInput(workspace.root);
    const hookConfig = { type: "command", command: commandLine(script, peerPidFile), timeout: 500 };
    const peerReturns = [];
    const peerSurvivors = [];
    for (let round = 0; round < peerSamples; round += 1) {
      workspace.writeFile("peer-timeout-pids.txt", "");
      const startedAt = performance.now();
      await gemini.runner.executeHook(hookConfig, "BeforeTool", input);
      peerReturns.push(performance.now() - startedAt);
      const survivors = countSurvivors(peerPidFile);
      peerSurvivors.push(survivors.alive);
      killSurvivors(survivors.alivePids);
    }
    figures.push(
      {
        name: "Gemini runner: time to return (timeout 500 ms)",
        unit: "ms",
        ...summarize(peerReturns),
      },
      {
        name: "Gemini runner: survivors at return",
        unit: "processes",
        ...summarize(peerSurvivors),
      },
    );
  }
  const returned = summarize(returns);
  const maximumSurvivors = Math.max(...survivorsAtReturn, ...survivorsLater);
  return {
    id: "g",
    title: "timeout precision: grandchildren holding stdout, timeout 0.5 s",
    figures,
    targets: [
      {
        id: "g-time",
        text: "(g) returns within 0.6 s (p99)",
        measured: returned.p99,
        unit: "ms",
        limit: 600,
        met: returned.p99 <= 600,
      },
      {
        id: "g-survivors",
        text: "(g) 0 surviving processes",
        measured: maximumSurvivors,
        unit: "processes",
        limit: 0,
        met: maximumSurvivors === 0,
      },
    ],
  };
}
