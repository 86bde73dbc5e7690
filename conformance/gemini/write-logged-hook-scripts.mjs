// The guard scripts of a Gemini conformance scenario, each logging its run and payload first.
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { shellQuote } from "./agent-hooks-cli.mjs";

/**
 * Writes `<name>.sh` for each script body: it appends its stdin payload to `<log>/<name>.payloads`
 * and a line to `<log>/<name>.runs`, then runs the body with the payload in `$input`.
 * @param {string} hooksDirectory an existing folder
 * @param {Record<string, string>} scripts body by script name
 * @param {string} logDirectory
 */
export function writeLoggedHookScripts(hooksDirectory, scripts, logDirectory) {
  for (const [name, body] of Object.entries(scripts)) {
    const script = [
      "#!/bin/sh",
      `LOG=${shellQuote(logDirectory)}`,
      "input=$(cat)",
      `printf '%s\\n' "$input" >> "$LOG/${name}.payloads"`,
      `echo run >> "$LOG/${name}.runs"`,
      body,
      "",
    ].join("\n");
    const file = join(hooksDirectory, `${name}.sh`);
    writeFileSync(file, script);
    chmodSync(file, 0o755);
  }
}
