// Scenario i: CLI start-up, whole process, against `node -e 0` (the floor: starting Node itself)
// in the same loop: `agent-hooks --version`, `agent-hooks dispatch` with one `true` hook (a host
// or the hook shim starting the CLI per event), `dispatch` on a 1,000-hook configuration, and
// `agent-hooks shim` running a trivial Claude Code hook (`true`) for a Cursor payload (what a
// configuration written by `convert --shim` starts on every tool call).
import { spawn } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import { percentile, sampleSideBySide, summarize } from "../lib/statistics.mjs";
import { createThousandHooks, group, repositoryDirectory } from "../lib/workspace.mjs";

const floorName = "node -e 0";
const versionName = "agent-hooks --version";
const oneHookName = "agent-hooks dispatch (one hook, `true`)";
const thousandName = "agent-hooks dispatch (1,000 hooks, one runs `true`)";
const shimName = "agent-hooks shim (claude hook `true`, cursor host)";
const ratioLimit = 1.6;

function runProcess(args, input) {
  return new Promise((resolve, reject) => {
    const stdin = input === undefined ? "ignore" : "pipe";
    const child = spawn(process.execPath, args, { stdio: [stdin, "pipe", "pipe"] });
    if (input !== undefined) child.stdin.end(input);
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

// The shim answers Cursor with exit 0 when the hook decides nothing (2 would be a failure).
async function checkShim(args, input) {
  const check = await runProcess(args, input);
  if (check.code !== 0) {
    throw new Error(`scenario i (shim): exit ${check.code}: ${check.stdout}`);
  }
}

// As bin/agent-hooks.js decides: a command starts from its bundle unless tsc built after it.
function describeDispatchEntry(command = "dispatch") {
  const modifiedAt = (file) =>
    statSync(join(repositoryDirectory, file), { throwIfNoEntry: false })?.mtimeMs;
  const bundled = modifiedAt(`dist/cli/${command}.bundle.cjs`);
  const built = modifiedAt("dist/build.tsbuildinfo");
  if (bundled === undefined) return `unbundled: no dist/cli/${command}.bundle.cjs`;
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
  const shimArgs = [cli, "shim", "--hook", "claude", "--host", "cursor", "--", "true"];
  const shimPayload = JSON.stringify({
    conversation_id: "bench",
    generation_id: "bench",
    hook_event_name: "beforeShellExecution",
    workspace_roots: [workspace.root],
    command: "ls",
    cwd: workspace.root,
  });
  await checkShim(shimArgs, shimPayload);
  const entry = describeDispatchEntry();
  const durations = await sampleSideBySide(
    {
      [floorName]: () => runProcess(["-e", "0"]),
      [versionName]: () => runProcess([cli, "--version"]),
      [oneHookName]: () => runProcess(oneHookArgs),
      [thousandName]: () => runProcess(thousandArgs),
      [shimName]: () => runProcess(shimArgs, shimPayload),
    },
    { warmup: 3, samples },
  );
  const floorMedian = summarize(durations[floorName]).median;
  const version = describeFigure(versionName, durations[versionName], floorMedian);
  const oneHook = describeFigure(oneHookName, durations[oneHookName], floorMedian, entry);
  const thousand = describeFigure(thousandName, durations[thousandName], floorMedian, entry);
  const shimEntry = describeDispatchEntry("shim");
  const shim = describeFigure(shimName, durations[shimName], floorMedian, shimEntry);
  return {
    id: "i",
    title: "CLI start-up, whole process, side by side with `node -e 0`",
    figures: [
      describeFigure(floorName, durations[floorName], floorMedian),
      version,
      oneHook,
      thousand,
      shim,
    ],
    targets: [
      describeRatioTarget(oneHook, "`dispatch` with one `true` hook"),
      describeRatioTarget(version, "`--version`"),
      describeRatioTarget(shim, "`shim` with a trivial hook"),
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
