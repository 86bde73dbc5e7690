// Scenario i: CLI start-up, whole process, against `node -e 0` (the floor: starting Node itself)
// in the same loop: `agent-hooks --version`, `agent-hooks dispatch` with one `true` hook (a host
// or the hook shim starting the CLI per event), and `dispatch` on a 1,000-hook configuration.
import { spawn } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import { percentile, sampleSideBySide, summarize } from "../lib/statistics.mjs";
import { createThousandHooks, group, repositoryDirectory } from "../lib/workspace.mjs";

const floorName = "node -e 0";
const versionName = "agent-hooks --version";
const oneHookName = "agent-hooks dispatch (one hook, `true`)";
const thousandName = "agent-hooks dispatch (1,000 hooks, one runs `true`)";
const ratioLimit = 1.6;

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

async function checkDispatch(args, what) {
  const check = await runProcess(args);
  const parsed = JSON.parse(check.stdout);
  if (check.code !== 0 || parsed.runs.length !== 1 || parsed.runs[0].status !== "ok") {
    throw new Error(`scenario i (${what}): ${check.stdout}`);
  }
}

// As bin/agent-hooks.js decides: `dispatch` starts from the bundle unless tsc built after it.
function describeDispatchEntry() {
  const modifiedAt = (file) =>
    statSync(join(repositoryDirectory, file), { throwIfNoEntry: false })?.mtimeMs;
  const bundled = modifiedAt("dist/cli/dispatch.bundle.cjs");
  const built = modifiedAt("dist/build.tsbuildinfo");
  if (bundled === undefined) return "unbundled: no dist/cli/dispatch.bundle.cjs";
  if (built !== undefined && built > bundled) return "unbundled: tsc built after the bundle";
  return "bundled";
}

function describeFigure(name, durations, floorMedian, note) {
  const summary = summarize(durations);
  return {
    name,
    unit: "ms",
    ...summary,
    p90: percentile(durations, 90),
    ratio: summary.median / floorMedian,
    ratioAgainst: floorName,
    ...(note !== undefined && { note }),
  };
}

function describeRatioTarget(figure, text) {
  return {
    id: "i",
    text: `(i) ${text} within ${ratioLimit}× ${floorName} (median)`,
    measured: figure.ratio,
    unit: "×",
    limit: ratioLimit,
    met: figure.ratio <= ratioLimit,
  };
}

export async function runColdStart({ workspace, samples }) {
  const cli = join(repositoryDirectory, "bin/agent-hooks.js");
  const dispatchArgs = (configFile, payloadFile) => [
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
  const payloadFile = workspace.writeFile(
    "cold-start-payload.json",
    JSON.stringify({ tool_name: "Tool7", tool_input: {} }),
  );
  const thousandArgs = dispatchArgs(workspace.writeConfig(createThousandHooks()), payloadFile);
  const oneHookArgs = dispatchArgs(
    workspace.writeConfig({ PreToolUse: [group("Tool7", "true")] }),
    payloadFile,
  );
  await checkDispatch(thousandArgs, "1,000 hooks");
  await checkDispatch(oneHookArgs, "one hook");
  const entry = describeDispatchEntry();
  const durations = await sampleSideBySide(
    {
      [floorName]: () => runProcess(["-e", "0"]),
      [versionName]: () => runProcess([cli, "--version"]),
      [oneHookName]: () => runProcess(oneHookArgs),
      [thousandName]: () => runProcess(thousandArgs),
    },
    { warmup: 3, samples },
  );
  const floorMedian = summarize(durations[floorName]).median;
  const version = describeFigure(versionName, durations[versionName], floorMedian);
  const oneHook = describeFigure(oneHookName, durations[oneHookName], floorMedian, entry);
  const thousand = describeFigure(thousandName, durations[thousandName], floorMedian, entry);
  return {
    id: "i",
    title: "CLI start-up, whole process, side by side with `node -e 0`",
    figures: [
      describeFigure(floorName, durations[floorName], floorMedian),
      version,
      oneHook,
      thousand,
    ],
    targets: [
      describeRatioTarget(oneHook, "`dispatch` with one `true` hook"),
      describeRatioTarget(version, "`--version`"),
      {
        id: "i",
        text: "(i) cold start under 250 ms (median)",
        measured: thousand.median,
        unit: "ms",
        limit: 250,
        met: thousand.median < 250,
      },
    ],
  };
}
