import { zerocodeFormat as format } from "../../convert/formats/zerocode.js";
import { zerocodeProfile } from "../../profiles/zerocode.js";
import { createProfileHost } from "./profile-host.js";
import { readCodexToolResponse } from "./read-codex-tool-response.js";
import { writeTranscriptPath } from "./write-transcript-path.js";

/**
 * ZeroCode: Claude Code's payload with its own tool names, a shell call's `tool_response` as
 * Codex's output text, file edits as one `apply_patch` call, and `transcript_path` always present;
 * its hooks' output is read by the `zerocode` profile.
 */
export const zerocodeHost = createProfileHost({
  format,
  profile: zerocodeProfile,
  patchesFiles: true,
  readFields: (_event, canonical, problems) => readCodexToolResponse(canonical, problems),
  writeFields: (_event, payload) => writeTranscriptPath(payload),
});
