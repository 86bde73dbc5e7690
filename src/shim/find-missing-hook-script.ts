import { statSync } from "node:fs";
import os from "node:os";

/** Where the hook's command ran: its working directory and environment. */
export interface MissingScriptContext {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * The script an interpreter in the hook's command was certainly given (`node guard.js`,
 * `python3 "$CLAUDE_PROJECT_DIR"/x.py`) when that file does not exist, or null. The command is
 * read with the project's shell parser (`resolveHookScripts` in src/trust, its `required`
 * scripts): a script that is one of several candidates, or a word that cannot be known before the
 * shell runs, is never reported. Loaded only when asked, so a shim run that needs no check does
 * not load the parser.
 *
 * @example
 * ```ts
 * await findMissingHookScript("node guard.js", { cwd: "/p", env: {} });
 * // "/p/guard.js" when /p/guard.js does not exist
 * ```
 */
export async function findMissingHookScript(
  command: string | readonly string[],
  context: MissingScriptContext,
): Promise<string | null> {
  const { resolveHookScripts } = await import("../trust/resolve-hook-script.js");
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(context.env)) {
    if (value !== undefined) env[name] = value;
  }
  const scripts = resolveHookScripts(typeof command === "string" ? command : [...command], {
    cwd: context.cwd,
    home: env.HOME ?? os.homedir(),
    env,
    shell: "sh",
  });
  for (const { file, executable } of scripts.required) {
    // A program run by its path that is missing is already the shell's exit 127.
    if (executable) continue;
    const stats = statSync(file, { throwIfNoEntry: false });
    if (stats === undefined || stats.isDirectory()) return file;
  }
  return null;
}
