// Runs the real Gemini CLI once, headless, against the fake Gemini API, in an isolated HOME, with
// only the environment it needs (the machine's own settings, hooks and variables never leak in).
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { captureOutput, killProcessGroup, waitForExit } from "../capture-output.mjs";
import { parseJsonOrNull } from "./agent-hooks-cli.mjs";

/** The model named on the command line: Gemini CLI's router only classifies Gemini 3 models. */
export const scriptedModel = "gemini-2.5-flash";

/** The prompt every scenario gives Gemini CLI. */
export const scenarioPrompt = "Please do the task.";

/** How long a scenario's Gemini CLI run may take. */
export const geminiTimeoutMs = 150_000;

/**
 * Writes the user settings of an isolated Gemini CLI home: API-key auth, no telemetry, no update
 * checks.
 * @param {string} homeDirectory
 */
export function writeGeminiHome(homeDirectory) {
  mkdirSync(join(homeDirectory, ".gemini"), { recursive: true });
  const settings = {
    security: { auth: { selectedType: "gemini-api-key" } },
    general: { disableAutoUpdate: true, disableUpdateNag: true },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
  };
  writeFileSync(join(homeDirectory, ".gemini", "settings.json"), JSON.stringify(settings, null, 2));
}

/**
 * Runs `gemini -p <prompt>` in yolo mode and resolves with its exit code and output.
 * @param {{ geminiBin: string, projectDirectory: string, homeDirectory: string,
 *           pathDirectories: string[], apiKey: string, baseUrl: string, prompt: string,
 *           timeoutMs: number, trustWorkspace?: boolean }} options
 * @returns {Promise<{ exitCode: number | null, signal: string | null, stdout: string,
 *           stderr: string, ms: number, killed: boolean, answered: boolean }>}
 */
export async function runGemini(options) {
  const environment = {
    PATH: options.pathDirectories.join(":"),
    HOME: options.homeDirectory,
    LANG: "C.UTF-8",
    TERM: "dumb",
    TMPDIR: process.env.TMPDIR ?? "/tmp",
    GEMINI_API_KEY: options.apiKey,
    GOOGLE_GEMINI_BASE_URL: options.baseUrl,
    // Without it (and without ~/.gemini/trustedFolders.json) the folder is not trusted.
    ...(options.trustWorkspace !== false && { GEMINI_CLI_TRUST_WORKSPACE: "true" }),
    // Without it Gemini CLI starts itself a second time (a child node with a larger heap).
    GEMINI_CLI_NO_RELAUNCH: "true",
    NO_COLOR: "1",
  };
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      options.geminiBin,
      "-p",
      options.prompt,
      "--approval-mode",
      "yolo",
      "-m",
      scriptedModel,
      "-o",
      "json",
    ],
    {
      cwd: options.projectDirectory,
      env: environment,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  const output = captureOutput(child);
  let answered = false;
  child.stdout.on("data", () => {
    // Once the JSON answer is out the turn is over; Gemini CLI 0.61.0 then often idles about
    // 10 s before it exits (after a shell tool ran), which the suite does not wait for.
    if (!answered && isCompleteJson(output.stdout)) {
      answered = true;
      setTimeout(() => killProcessGroup(child.pid), answerGraceMs);
    }
  });
  const { error, timedOut, ...ended } = await waitForExit(child, output, options.timeoutMs);
  return {
    ...ended,
    stderr: error === null ? ended.stderr : `${ended.stderr}${error}`,
    ms: Date.now() - started,
    killed: timedOut,
    answered,
  };
}

/** How long Gemini CLI may go on after its JSON answer before the suite ends it. */
const answerGraceMs = 1000;

/**
 * Whether `text` is one whole JSON object (Gemini CLI's `-o json` answer).
 * @param {string} text
 */
function isCompleteJson(text) {
  const trimmed = text.trim();
  return trimmed.endsWith("}") && parseJsonOrNull(trimmed) !== null;
}
