// Scenario i: cold start of `agent-hooks dispatch` on a 1,000-hook configuration, whole process,
// against `node -e 0` (the floor: starting Node itself) in the same loop.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { sampleSideBySide, summarize } from "../lib/statistics.mjs";
import { createThousandHooks, repositoryDirectory } from "../lib/workspace.mjs";

function runProcess(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.resume();
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout }));
  });
}

export async function runColdStart({ workspace, samples }) {
  const configFile = workspace.writeConfig(createThousandHooks());
  const payloadFile = workspace.writeFile(
    "cold-start-payload.json",
    JSON.stringify({ tool_name: "Tool7", tool_input: {} }),
  );
  const cli = join(repositoryDirectory, "bin/agent-hooks.js");
  const args = [
    cli,
    "dispatch",
    "PreToolUse",
    "--config",
    configFile,
    "--payload",
    payloadFile,
    "--cwd",
    workspace.root,
  ];
  const check = await runProcess(args);
  const parsed = JSON.parse(check.stdout);
  if (check.code !== 0 || parsed.runs.length !== 1 || parsed.runs[0].status !== "ok") {
    throw new Error(`scenario i: ${check.stdout}`);
  }
  const durations = await sampleSideBySide(
    {
      "agent-hooks dispatch (1,000 hooks, one runs `true`)": () => runProcess(args),
      "node -e 0": () => runProcess(["-e", "0"]),
    },
    { warmup: 3, samples },
  );
  const cli_ = summarize(durations["agent-hooks dispatch (1,000 hooks, one runs `true`)"]);
  const floor = summarize(durations["node -e 0"]);
  return {
    id: "i",
    title: "cold start: `agent-hooks dispatch`, 1,000-hook configuration, whole process",
    figures: [
      {
        name: "agent-hooks dispatch (1,000 hooks, one runs `true`)",
        unit: "ms",
        ...cli_,
        ratio: cli_.median / floor.median,
        ratioAgainst: "node -e 0",
      },
      { name: "node -e 0", unit: "ms", ...floor, ratio: 1, ratioAgainst: "node -e 0" },
    ],
    targets: [
      {
        id: "i",
        text: "(i) cold start under 250 ms (median)",
        measured: cli_.median,
        unit: "ms",
        limit: 250,
        met: cli_.median < 250,
      },
    ],
  };
}
