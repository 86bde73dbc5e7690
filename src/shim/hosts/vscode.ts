import { vscodeFormat as format } from "../../convert/formats/vscode.js";
import { vscodeProfile } from "../../profiles/vscode.js";
import { createProfileHost } from "./profile-host.js";
import { writeTranscriptPath } from "./write-transcript-path.js";

/**
 * VS Code's Local tools by the first public name its profile's `toolMatchAliases` gives them
 * (`run_in_terminal` → `Bash`); its payloads carry them.
 */
const toolNames = Object.fromEntries(
  Object.entries(vscodeProfile.toolMatchAliases).map(([local, names]) => [local, names[0]]),
);

/**
 * VS Code's Local harness: Claude Code's payload with its Local tool names (whose input schemas
 * are their own), an ISO `timestamp` and `transcript_path` always present; its hooks' output is
 * read by the `vscode` profile.
 */
export const vscodeHost = createProfileHost({
  format,
  profile: vscodeProfile,
  toolNames,
  writesToolNames: true,
  // Its Local tools take their own input schemas (run_in_terminal's command matches Bash's).
  readFields: (_event, canonical, problems, original) => {
    if (typeof original.tool_name !== "string" || canonical.tool_name === original.tool_name)
      return;
    problems.push(
      `tool_input keeps the schema of VS Code's ${original.tool_name}, read as ${String(canonical.tool_name)}`,
    );
  },
  writeFields: (_event, payload, problems, original) => {
    if (typeof original.tool_name === "string" && payload.tool_name !== original.tool_name) {
      problems.push(
        `tool_input keeps the shape of ${original.tool_name}, which VS Code's ${String(payload.tool_name)} may not share`,
      );
    }
    if (typeof payload.timestamp !== "string") payload.timestamp = new Date().toISOString();
    writeTranscriptPath(payload);
  },
});
