import type { Profile } from "../profiles/profile.js";

/** Values the engine fills into a payload when the host leaves them out. */
export interface PayloadDefaults {
  cwd: string;
  sessionId: string;
  /** Other fields filled in when missing (profile and host defaults). */
  payloadDefaults: Readonly<Record<string, unknown>>;
}

/**
 * Builds the JSON object a handler receives: the host's payload with public tool names and
 * `hook_event_name`, `cwd` and `session_id` filled in when missing.
 */
export function buildPayload(
  event: string,
  payload: Readonly<Record<string, unknown>>,
  profile: Profile,
  defaults: PayloadDefaults,
): Record<string, unknown> {
  const built: Record<string, unknown> = {
    ...defaults.payloadDefaults,
    session_id: defaults.sessionId,
    cwd: defaults.cwd,
    hook_event_name: event,
    ...payload,
  };
  built.session_id ??= defaults.sessionId;
  built.cwd ??= defaults.cwd;
  built.hook_event_name ??= event;
  if (profile.timestampField !== null) built[profile.timestampField] ??= new Date().toISOString();
  const toolName = built[profile.toolNameField];
  if (typeof toolName === "string" && Object.hasOwn(profile.toolNameAliases, toolName)) {
    built[profile.toolNameField] = profile.toolNameAliases[toolName];
  }
  return built;
}
