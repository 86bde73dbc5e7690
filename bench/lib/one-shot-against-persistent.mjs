// What scenarios e and k share: one PreToolUse hook on Bash, spawned per event by one engine and
// run as a persistent handler by another, timed side by side against the persistent one.
import { describeFactorTarget, describeRatioFigures } from "./statistics.mjs";
import { group } from "./workspace.mjs";

/**
 * Opens the two engines: `oneShot` spawns `command` per event, `persistent` runs
 * `persistentCommand` as a persistent handler; `close()` closes both. Throws unless both deny
 * `payload` (the message names scenario `id`).
 */
export async function openOneShotAndPersistent(
  workspace,
  { id, command, persistentCommand, payload },
) {
  const oneShot = await workspace.createEngine(
    workspace.writeConfig({ PreToolUse: [group("Bash", command)] }),
  );
  const persistent = await workspace.createEngine(
    workspace.writeConfig({
      PreToolUse: [group("Bash", { command: persistentCommand, persistent: true })],
    }),
  );
  for (const engine of [oneShot, persistent]) {
    const check = await engine.dispatch("PreToolUse", payload);
    if (check.decision !== "deny") throw new Error(`scenario ${id}: ${JSON.stringify(check)}`);
  }
  return {
    oneShot,
    persistent,
    async close() {
      await oneShot.close();
      await persistent.close();
    },
  };
}

/**
 * The scenario's result: a figure per contender of `durations` against the median of
 * `persistentName` ("persistent" in the table), and the target `text`: the median of
 * `oneShotName` at least `limit` times the persistent one's.
 */
export function describeSpeedupResult({
  id,
  title,
  durations,
  oneShotName,
  persistentName,
  text,
  limit,
}) {
  const figures = describeRatioFigures(durations, persistentName, "persistent");
  // A figure's ratio is its median over the persistent one's: for the one-shot one, the speedup.
  const speedup = figures.find((figure) => figure.name === oneShotName).ratio;
  return {
    id,
    title,
    figures,
    targets: [describeFactorTarget(id, text, speedup, { limit, bound: "atLeast" })],
  };
}
