// What a scenario observes, on both sides: the marker files a tool call left, what the model was
// sent, how many times each guard ran, and which guard processes outlived the run.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { countSurvivors, killSurvivors } from "../../bench/lib/count-survivors.mjs";
import { scenarioPrompt } from "./run-gemini.mjs";

/**
 * The `m-…` files in the project and its `sub/` folder, as sorted relative paths.
 * @param {string} projectDirectory
 */
export function listMarkers(projectDirectory) {
  const found = [];
  for (const folder of ["", "sub"]) {
    const directory = join(projectDirectory, folder);
    if (!existsSync(directory)) continue;
    for (const name of readdirSync(directory)) {
      if (name.startsWith("m-")) found.push(folder === "" ? name : `${folder}/${name}`);
    }
  }
  return found.sort();
}

/**
 * The markers a Gemini CLI tool input would leave: `touch m-…` words or an `m-…` file path, under
 * its `dir_path`.
 * @param {Record<string, unknown>} args
 */
export function markersOfInput(args) {
  const names = [];
  if (typeof args.command === "string") {
    for (const match of args.command.matchAll(/touch\s+(m-[\w.-]+)/g)) names.push(match[1]);
  }
  if (typeof args.file_path === "string" && args.file_path.startsWith("m-")) {
    names.push(args.file_path);
  }
  const folder = typeof args.dir_path === "string" && args.dir_path !== "" ? args.dir_path : "";
  return names.map((name) => (folder === "" ? name : `${folder}/${name}`)).sort();
}

/**
 * Every user-side part the model was sent (function responses included), as text, leaving out
 * the session context and the prompt itself.
 * @param {Array<{ contents: Array<{ role?: string, parts?: any[] }> }>} modelCalls
 * @param {string} prompt
 */
export function collectModelInput(modelCalls, prompt) {
  const texts = [];
  for (const call of modelCalls) {
    for (const content of call.contents) {
      if (content.role === "model") continue;
      for (const part of content.parts ?? []) {
        if (typeof part.text === "string") {
          if (part.text === prompt || part.text.startsWith("<session_context>")) continue;
        }
        texts.push(JSON.stringify(part));
      }
    }
  }
  return texts.join("\n");
}

/**
 * What Gemini CLI's side of a scenario saw: the markers, whether each of the scenario's tokens
 * reached the model, the model calls and the guard runs.
 * @param {{ scripts: Record<string, string>, tokens?: { reason?: string, context?: string } }} scenario
 * @param {{ modelCalls: Array<{ contents: Array<{ role?: string, parts?: any[] }> }> }} conversation
 * @param {string} projectDirectory
 * @param {string} logDirectory
 */
export function observeGeminiSide(scenario, conversation, projectDirectory, logDirectory) {
  const modelInput = collectModelInput(conversation.modelCalls, scenarioPrompt);
  const reached = (/** @type {string | undefined} */ token) =>
    token !== undefined && modelInput.includes(token);
  return {
    markers: listMarkers(projectDirectory),
    reasonReachedModel: reached(scenario.tokens?.reason),
    contextReachedModel: reached(scenario.tokens?.context),
    modelCalls: conversation.modelCalls.length,
    guardRuns: countGuardRuns(logDirectory, Object.keys(scenario.scripts)),
  };
}

/**
 * How many times each guard ran (`<logs>/<script>.runs` holds one line per run).
 * @param {string} logDirectory
 * @param {string[]} scripts
 */
export function countGuardRuns(logDirectory, scripts) {
  /** @type {Record<string, number>} */
  const runs = {};
  for (const script of scripts) {
    const file = join(logDirectory, `${script}.runs`);
    runs[script] = existsSync(file)
      ? readFileSync(file, "utf8").split("\n").filter(Boolean).length
      : 0;
  }
  return runs;
}

/**
 * The guard processes listed in `<logs>/pids` that are still alive; each is then killed, so the
 * suite leaves nothing behind.
 * @param {string} logDirectory
 */
export function collectSurvivors(logDirectory) {
  const { pids, alive, alivePids } = countSurvivors(join(logDirectory, "pids"));
  killSurvivors(alivePids);
  return { recorded: pids, alive };
}
