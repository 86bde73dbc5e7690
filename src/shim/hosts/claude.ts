import { claudeFormat as format } from "../../convert/formats/claude.js";
import { claudeProfile } from "../../profiles/claude.js";
import { createProfileHost } from "./profile-host.js";

/**
 * Claude Code, the canonical protocol: its payloads and tool names are the canonical ones, its
 * hooks' output is read by the `claude` profile, and its hooks find their scripts through
 * `CLAUDE_PROJECT_DIR`, which the shim sets where the host does not.
 */
export const claudeHost = createProfileHost({
  format,
  profile: claudeProfile,
  shimVariables: ["CLAUDE_PROJECT_DIR"],
});
