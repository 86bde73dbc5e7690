import { deepagentsFormat as format } from "../../convert/formats/deepagents.js";
import { deepagentsProfile } from "../../profiles/deepagents.js";
import { createProfileHost } from "./profile-host.js";

/**
 * Deep Agents Code: Claude Code's payload with its own tool names (its hooks see most tools by the
 * public name already); its hooks' output is read by the `deepagents` profile.
 */
export const deepagentsHost = createProfileHost({ format, profile: deepagentsProfile });
