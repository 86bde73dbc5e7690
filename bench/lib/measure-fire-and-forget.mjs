// The measurement of scenario f, run in whichever process imports it: bursts of 1,000
// un-awaited dispatches, the caller's cost of each call, and how late a 1 ms timer fires
// meanwhile (event-loop lag), with the same probe on an idle loop as the floor.
import { summarize } from "./statistics.mjs";
import { commandLine, group, nodeHook } from "./workspace.mjs";

export const burst = 1000;

/** Records how late a 1 ms timer fires, in ms, until stopped. */
function startLagProbe() {
  const lags = [];
  let timer;
  let expected = performance.now() + 1;
  const tick = () => {
    const now = performance.now();
    lags.push(Math.max(0, now - expected));
    expected = now + 1;
    timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  return {
    stop() {
      clearTimeout(timer);
      return lags;
    },
  };
}

async function measureBursts(engine, payload, bursts) {
  const costs = [];
  const lags = [];
  const totals = [];
  for (let round = 0; round < bursts + 1; round += 1) {
    const probe = startLagProbe();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const startedAt = performance.now();
    const pending = [];
    let failure = null;
    // Fire and forget: a result is checked as it arrives and not kept.
    const check = (result) => {
      if (result.runs[0]?.status !== "ok") failure ??= result;
    };
    for (let index = 0; index < burst; index += 1) {
      const callStartedAt = performance.now();
      const dispatched = engine.dispatch("PostToolUse", payload);
      const cost = performance.now() - callStartedAt;
      pending.push(dispatched.then(check));
      if (round > 0) costs.push(cost * 1000);
    }
    await Promise.all(pending);
    const total = performance.now() - startedAt;
    const roundLags = probe.stop();
    if (round > 0) {
      lags.push(...roundLags);
      totals.push(total);
    }
    if (failure !== null) throw new Error(`scenario f: ${JSON.stringify(failure)}`);
  }
  return { costs, lags, totals };
}

/** Runs the bursts (a warm-up burst first) for a spawned and a persistent hook; returns rows. */
export async function measureFireAndForget(workspace, bursts) {
  const payload = { tool_name: "Bash", tool_input: { command: "ls" }, tool_response: { ok: true } };
  const spawned = await workspace.createEngine(
    workspace.writeConfig({ PostToolUse: [group("Bash", "true")] }),
  );
  const persistent = await workspace.createEngine(
    workspace.writeConfig({
      PostToolUse: [
        group("Bash", { command: commandLine("node", nodeHook, "--persistent"), persistent: true }),
      ],
    }),
  );
  const rows = [];
  for (const [label, engine] of [
    ["`true` spawned per event", spawned],
    ["persistent Node hook", persistent],
  ]) {
    const { costs, lags, totals } = await measureBursts(engine, payload, bursts);
    rows.push({ label, cost: summarize(costs), lag: summarize(lags), total: summarize(totals) });
  }
  await spawned.close();
  await persistent.close();
  const idleProbe = startLagProbe();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idle = summarize(idleProbe.stop());
  return { rows, idle, heapMb: process.memoryUsage().heapUsed / 1e6 };
}
