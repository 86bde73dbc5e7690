// Scenario k: the same Python guard, written once on clients/python/agent_hooks_sdk.py, started
// per event (one-shot) against started once as a persistent handler, side by side.
import { join } from "node:path";
import {
  describeSpeedupResult,
  openOneShotAndPersistent,
} from "../lib/one-shot-against-persistent.mjs";
import { sampleSideBySide } from "../lib/statistics.mjs";
import { commandLine, repositoryDirectory } from "../lib/workspace.mjs";

const guard = join(repositoryDirectory, "test/fixtures/handlers/python-sdk-guard.py");

export async function runPythonSdkGuard({ workspace, samples }) {
  const payload = { tool_name: "Bash", tool_input: { command: "rm -rf build" } };
  const engines = await openOneShotAndPersistent(workspace, {
    id: "k",
    command: commandLine("python3", guard),
    persistentCommand: commandLine("python3", guard),
    payload,
  });
  const durations = await sampleSideBySide(
    {
      "engine, Python SDK guard one-shot": () => engines.oneShot.dispatch("PreToolUse", payload),
      "engine, same guard persistent": () => engines.persistent.dispatch("PreToolUse", payload),
    },
    { warmup: 3, samples },
  );
  await engines.close();
  return describeSpeedupResult({
    id: "k",
    title: "a Python guard on the SDK: one-shot vs persistent",
    durations,
    oneShotName: "engine, Python SDK guard one-shot",
    persistentName: "engine, same guard persistent",
    text: "(k) the persistent Python SDK guard at least 10× faster per event than one-shot",
    limit: 10,
  });
}
