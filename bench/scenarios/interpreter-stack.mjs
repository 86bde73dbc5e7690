// Scenario j: an interpreter stack. PreToolUse on Bash runs 4 Python and 4 Node hooks written as
// ordinary scripts (bench/hooks/interpreter-stack/: read the JSON, test the command, print a
// decision or nothing), timed side by side: the engine spawning per event, the engine with
// prewarm, the same scripts as raw standbys with no engine (the floor of prewarm), the same hooks
// as persistent handlers (SDK and a Python loop), Gemini CLI's runner.
// Between calls the bench waits, untimed, until every process below it is idle, so a prewarm
// engine's standby restarts never fall into another contender's sample; the idle standbys' RSS
// and the CPU time the hooks' processes used are read at those points.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { createGeminiInput } from "../lib/gemini-runner.mjs";
import {
  listDescendants,
  measureGroupResidentSize,
  readArguments,
  readDescendantCpuMs,
  sumCpuMs,
} from "../lib/process-tree.mjs";
import { createRawStandbys } from "../lib/raw-standbys.mjs";
import {
  describeRatioFigures,
  sampleSideBySide,
  summarize,
  summarizeEach,
} from "../lib/statistics.mjs";
import { waitForQuietProcesses } from "../lib/wait-for-quiet-processes.mjs";
import { commandLine, group, hooksDirectory } from "../lib/workspace.mjs";

const stackDirectory = join(hooksDirectory, "interpreter-stack");
/** The stack, in configuration order: four Python and four Node hooks, one pattern each. */
const stack = [
  "block-force-push.py",
  "block-recursive-delete.py",
  "protect-secrets.py",
  "ask-before-migration.py",
  "block-sudo.mjs",
  "ask-before-publish.mjs",
  "block-world-writable.mjs",
  "block-pipe-to-shell.mjs",
].map((file) => join(stackDirectory, file));
const pythonLoop = join(stackDirectory, "persistent-loop.py");
const nodeSdkHook = join(stackDirectory, "persistent-sdk-hook.mjs");
// One hook of the stack denies this command; the seven others print nothing.
const payload = { tool_name: "Bash", tool_input: { command: "git push --force origin main" } };

const contenderNames = {
  spawned: "engine, spawned per event",
  prewarmed: "engine, prewarm",
  raw: "raw standbys (child_process, no engine)",
  persistent: "engine, persistent (SDK / Python loop)",
  gemini: "Gemini HookRunner.executeHooksParallel",
};

/**
 * The interpreter `python3` runs, by its own `sys.executable`, or null when there is none. A
 * version manager's shim (pyenv's is a bash script) would add its own start-up to every spawn.
 */
function findPython() {
  const result = spawnSync("python3", ["-c", "import sys; print(sys.executable)"], {
    encoding: "utf8",
  });
  if (result.error !== undefined || result.status !== 0) return null;
  return result.stdout.trim() || null;
}

/** The ordinary script's argv, and its persistent version's, for one hook of the stack. */
function describeHook(file, python) {
  return file.endsWith(".py")
    ? { script: [python, file], persistent: [python, pythonLoop, file] }
    : { script: ["node", file], persistent: ["node", nodeSdkHook, file] };
}

/** Whether a process runs one of the ordinary scripts (a prewarm standby, once idle). */
function isScriptProcess(entry) {
  const argv = readArguments(entry.pid);
  return argv[1] !== undefined && stack.includes(argv[1]);
}

function isPersistentProcess(entry) {
  const runner = readArguments(entry.pid)[1];
  return runner === pythonLoop || runner === nodeSdkHook;
}

/** Throws unless the engine ran the eight hooks and exactly one of them denied the command. */
function checkResult(name, result) {
  const statuses = result.runs.map((run) => run.status);
  const blocked = statuses.filter((status) => status === "blocked").length;
  const ok = statuses.filter((status) => status === "ok").length;
  if (result.decision !== "deny" || statuses.length !== 8 || blocked !== 1 || ok !== 7) {
    throw new Error(`scenario j, ${name}: ${JSON.stringify(result)}`);
  }
}

export async function runInterpreterStack({ workspace, gemini, samples }) {
  const title = "a stack of 4 Python and 4 Node hooks (ordinary scripts), PreToolUse on Bash";
  const python = findPython();
  if (python === null) {
    return {
      id: "j",
      title,
      skipped: "python3 was not found on PATH (or did not run): the stack needs it",
      figures: [],
      targets: [],
    };
  }
  const hooks = stack.map((file) => describeHook(file, python));
  const scriptsConfig = workspace.writeConfig({
    PreToolUse: [group("Bash", ...hooks.map((hook) => commandLine(...hook.script)))],
  });
  const persistentConfig = workspace.writeConfig({
    PreToolUse: [
      group(
        "Bash",
        ...hooks.map((hook) => ({ command: commandLine(...hook.persistent), persistent: true })),
      ),
    ],
  });
  const raw = createRawStandbys(hooks.map((hook) => hook.script));
  // The prewarm engine's standbys, not the raw contender's.
  const isEngineStandby = (entry) => isScriptProcess(entry) && !raw.pids().has(entry.pid);
  const engines = {
    spawned: await workspace.createEngine(scriptsConfig),
    // An engine without prewarm ignores the option and spawns per event.
    prewarmed: await workspace.createEngine(scriptsConfig, { prewarm: true }),
    persistent: await workspace.createEngine(persistentConfig),
  };
  try {
    for (const [key, engine] of Object.entries(engines)) {
      checkResult(contenderNames[key], await engine.dispatch("PreToolUse", payload));
    }
    // Standbys the prewarm engine keeps once its hooks have run: none when it does not prewarm.
    const started = await waitForQuietProcesses({
      isStandby: isEngineStandby,
      standbys: stack.length,
      timeoutMs: 4_000,
    });
    const expectedStandbys = started.standbys.length;
    const prewarmActive = expectedStandbys > 0;

    const contenders = {
      [contenderNames.spawned]: () => engines.spawned.dispatch("PreToolUse", payload),
      [contenderNames.prewarmed]: () => engines.prewarmed.dispatch("PreToolUse", payload),
      [contenderNames.raw]: async () => {
        const codes = await raw.call(JSON.stringify(payload));
        if (codes.some((code) => code !== 0))
          throw new Error(`scenario j, raw: exit codes ${codes}`);
      },
      [contenderNames.persistent]: () => engines.persistent.dispatch("PreToolUse", payload),
    };
    if (gemini.runner !== undefined) {
      const geminiInput = { ...createGeminiInput(workspace.root), tool_input: payload.tool_input };
      const configs = hooks.map((hook) => ({
        type: "command",
        command: commandLine(...hook.script),
        timeout: 60_000,
      }));
      const check = await gemini.runner.executeHooksParallel(configs, "BeforeTool", geminiInput);
      if (check.length !== 8 || check.some((result) => !result.success)) {
        throw new Error(`scenario j, Gemini: ${JSON.stringify(check)}`);
      }
      contenders[contenderNames.gemini] = () =>
        gemini.runner.executeHooksParallel(configs, "BeforeTool", geminiInput);
    }

    const standbyMegabytes = [];
    const persistentMegabytes = [];
    // CPU time of the hooks' processes per call (on the call's path), and of the standby
    // restarts a prewarm call leaves behind (off it): the part prewarm cannot hide.
    const cpuMs = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
    const restartCpuMs = [];
    let standbyProcesses = 0;
    let persistentProcesses = 0;
    let unsettled = 0;
    let previousCpuMs = readDescendantCpuMs();
    const settle = async (name, recorded) => {
      const quiet = await waitForQuietProcesses({
        isStandby: isEngineStandby,
        standbys: expectedStandbys,
      });
      if (!quiet.quiet) unsettled += 1;
      const usedCpuMs = readDescendantCpuMs() - previousCpuMs;
      previousCpuMs += usedCpuMs;
      if (!recorded) return;
      // A prewarm call uses every standby (one per hook): those idle now are its restarts.
      const restartMs =
        name === contenderNames.prewarmed
          ? sumCpuMs(quiet.standbys)
          : name === contenderNames.raw
            ? sumCpuMs(listDescendants().filter((entry) => raw.pids().has(entry.pid)))
            : 0;
      cpuMs[name].push(usedCpuMs - restartMs);
      if (name === contenderNames.prewarmed && prewarmActive) {
        restartCpuMs.push(restartMs);
        const size = measureGroupResidentSize(quiet.standbys);
        standbyMegabytes.push(size.megabytes);
        standbyProcesses = size.processes;
      }
      if (name === contenderNames.persistent) {
        const size = measureGroupResidentSize(listDescendants().filter(isPersistentProcess));
        persistentMegabytes.push(size.megabytes);
        persistentProcesses = size.processes;
      }
    };
    // The checks above started every process once already: one warm-up round is enough.
    const durations = await sampleSideBySide(contenders, { warmup: 1, samples, settle });

    const stats = summarizeEach(durations);
    const spawned = stats[contenderNames.spawned];
    const prewarmed = stats[contenderNames.prewarmed];
    const persistent = stats[contenderNames.persistent];
    const figures = describeRatioFigures(durations, contenderNames.prewarmed, "prewarm").map(
      (figure) => ({
        ...figure,
        ...(figure.name === contenderNames.prewarmed &&
          !prewarmActive && { note: "no standby seen: this build ignores prewarm" }),
        // Standbys that did not come back (a hook found unsafe) leave the next samples unsettled.
        ...(figure.name === contenderNames.prewarmed &&
          unsettled > 0 && { note: `${unsettled} waits for idle processes timed out after 5 s` }),
      }),
    );
    for (const [name, values] of Object.entries(cpuMs)) {
      figures.push({ name: `hooks' CPU per call: ${name}`, unit: "ms CPU", ...summarize(values) });
    }
    if (prewarmActive) {
      figures.push(
        {
          name: "hooks' CPU per standby restart (off the call's path)",
          unit: "ms CPU",
          ...summarize(restartCpuMs),
        },
        {
          name: `idle standby RSS, prewarm (${standbyProcesses} processes)`,
          unit: "MB",
          ...summarize(standbyMegabytes),
        },
      );
    }
    figures.push({
      name: `idle RSS, persistent handlers (${persistentProcesses} processes)`,
      unit: "MB",
      ...summarize(persistentMegabytes),
    });
    const inactive = prewarmActive ? "" : " (not measurable: this build ignores prewarm)";
    const speedup = spawned.median / prewarmed.median;
    const toPersistent = prewarmed.median / persistent.median;
    return {
      id: "j",
      title,
      python,
      prewarmActive,
      unsettledWaits: unsettled,
      figures,
      targets: [
        {
          id: "j-spawn",
          text: `(j) prewarm at least 10× lower than spawning per event${inactive}`,
          measured: speedup,
          unit: "×",
          limit: 10,
          met: prewarmActive ? speedup >= 10 : null,
        },
        {
          id: "j-persistent",
          text: `(j) prewarm within 3× of persistent handlers${inactive}`,
          measured: toPersistent,
          unit: "×",
          limit: 3,
          met: prewarmActive ? toPersistent <= 3 : null,
        },
      ],
    };
  } finally {
    raw.close();
    await Promise.all(Object.values(engines).map((engine) => engine.close()));
  }
}
