// Runs the real Gemini CLI once, headless, against the fake Gemini API, in an isolated HOME, with
// only the environment it needs (the machine's own settings, hooks and variables never leak in).
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The model named on the command line: Gemini CLI's router only classifies Gemini 3 models. */
export const scriptedModel = "gemini-2.5-flash";

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
export function runGemini(options) {
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
  return new Promise((resolve) => {
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
    let stdout = "";
    let stderr = "";
    let killed = false;
    let answered = false;
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      // Once the JSON answer is out the turn is over; Gemini CLI 0.61.0 then often idles about
      // 10 s before it exits (after a shell tool ran), which the suite does not wait for.
      if (!answered && isCompleteJson(stdout)) {
        answered = true;
        setTimeout(() => killGroup(child.pid), answerGraceMs);
      }
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      killed = true;
      killGroup(child.pid);
    }, options.timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({
        exitCode: null,
        signal: null,
        stdout,
        stderr: `${stderr}${error}`,
        ms: Date.now() - started,
        killed,
        answered,
      });
    });
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      resolve({ exitCode, signal, stdout, stderr, ms: Date.now() - started, killed, answered });
    });
  });
}

/** How long Gemini CLI may go on after its JSON answer before the suite ends it. */
const answerGraceMs = 1000;

/** @param {string} text */
function isCompleteJson(text) {
  const trimmed = text.trim();
  if (!trimmed.endsWith("}")) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/** @param {number | undefined} pid */
function killGroup(pid) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}
