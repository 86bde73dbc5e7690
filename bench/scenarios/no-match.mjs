// Scenario d: 1,000 hooks configured, none for the dispatched tool: dispatches per second.
import { summarize } from "../lib/statistics.mjs";
import { createThousandHooks } from "../lib/workspace.mjs";

const batch = 1000;

export async function runNoMatch({ workspace, gemini, samples }) {
  const engine = await workspace.createEngine(workspace.writeConfig(createThousandHooks()));
  const payload = { tool_name: "Bash", tool_input: { command: "ls" } };
  const check = await engine.dispatch("PreToolUse", payload);
  if (check.runs.length !== 0) throw new Error("scenario d: a hook matched");
  const perDispatchMicroseconds = [];
  for (let round = 0; round < samples + 20; round += 1) {
    const startedAt = performance.now();
    for (let index = 0; index < batch; index += 1) {
      await engine.dispatch("PreToolUse", payload);
    }
    if (round >= 20) perDispatchMicroseconds.push(((performance.now() - startedAt) * 1000) / batch);
  }
  await engine.close();
  const stat = summarize(perDispatchMicroseconds);
  const figures = [
    {
      name: `engine.dispatch, awaited (batches of ${batch})`,
      unit: "µs",
      ...stat,
      perSecond: 1e6 / stat.median,
    },
  ];
  if (gemini.HookPlanner !== undefined) {
    try {
      const registry = new gemini.HookRegistry(gemini.config);
      for (let index = 0; index < 1000; index += 1) {
        registry.registerHook({ type: "command", command: "true" }, "BeforeTool", {
          matcher: `Tool${index}`,
        });
      }
      const planner = new gemini.HookPlanner(registry);
      const plans = [];
      for (let round = 0; round < samples + 20; round += 1) {
        const startedAt = performance.now();
        for (let index = 0; index < batch; index += 1) {
          planner.createExecutionPlan("BeforeTool", { toolName: "run_shell_command" });
        }
        if (round >= 20) plans.push(((performance.now() - startedAt) * 1000) / batch);
      }
      const peer = summarize(plans);
      figures.push({
        name: "Gemini HookPlanner.createExecutionPlan only (no dispatch)",
        unit: "µs",
        ...peer,
        perSecond: 1e6 / peer.median,
      });
    } catch (error) {
      figures.push({ name: "Gemini HookPlanner", error: String(error) });
    }
  }
  const perSecond = 1e6 / stat.median;
  return {
    id: "d",
    title: "no hook matches (1,000 hooks configured): dispatches per second",
    figures,
    targets: [
      {
        id: "d",
        text: "(d) at least 200,000 dispatches/s",
        measured: perSecond,
        unit: "/s",
        limit: 200_000,
        met: perSecond >= 200_000,
      },
    ],
  };
}
