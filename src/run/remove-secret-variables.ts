/** The variable `agent-hooks serve --listen` takes its session token from; never given to a hook. */
export const serverTokenVariable = "AGENT_HOOKS_TOKEN";

/**
 * A copy of a handler environment without the server token variable (`AGENT_HOOKS_TOKEN`) and
 * without every variable whose value is one of `secrets` (a token copied under another name).
 */
export function removeSecretVariables(
  environment: Readonly<Record<string, string | undefined>>,
  secrets: ReadonlySet<string>,
): Record<string, string | undefined> {
  const kept: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(environment)) {
    if (name === serverTokenVariable) continue;
    if (value !== undefined && secrets.has(value)) continue;
    kept[name] = value;
  }
  return kept;
}
