import type { OutputFieldMapping } from "../profiles/profile.js";
import { isRecord } from "../shared/is-record.js";

const specificPrefix = "hookSpecificOutput.";

/**
 * A handler's JSON output with the fields its agent names its own way moved to the engine's names
 * (see `EventSpec.outputFields`); the output is returned unchanged when the event maps none. A
 * field already present under the engine's name is kept, and the agent's copy is left where it is
 * (reported as unknown), so nothing is silently overwritten; a mapping's `implies` fields are set
 * beside a present, non-empty value where the output has none of its own.
 *
 * @example
 * ```ts
 * mapOutputFields({ permission: "deny" }, [{ from: "permission", to: "hookSpecificOutput.permissionDecision" }]);
 * // { hookSpecificOutput: { permissionDecision: "deny" } }
 * ```
 */
export function mapOutputFields(
  output: Readonly<Record<string, unknown>>,
  mappings: readonly OutputFieldMapping[] | undefined,
): Record<string, unknown> {
  if (mappings === undefined || mappings.length === 0) return { ...output };
  const mapped: Record<string, unknown> = { ...output };
  const hadSpecific = Object.hasOwn(output, "hookSpecificOutput");
  if (isRecord(output.hookSpecificOutput)) {
    mapped.hookSpecificOutput = { ...output.hookSpecificOutput };
  }
  for (const mapping of mappings) {
    const source = locateField(mapped, mapping.from);
    if (source === null || !Object.hasOwn(source.holder, source.key)) continue;
    if (mapping.from === mapping.to) {
      // A mapping onto the field itself renames its values only (Gemini CLI's `deny` is a block).
      source.holder[source.key] = renameValue(source.holder[source.key], mapping.values);
      continue;
    }
    const target = locateField(mapped, mapping.to, true);
    if (target === null || Object.hasOwn(target.holder, target.key)) continue;
    const value = source.holder[source.key];
    delete source.holder[source.key];
    target.holder[target.key] = renameValue(value, mapping.values);
    if (value !== undefined && value !== "") addImpliedFields(mapped, mapping.implies);
  }
  // An object created for a mapping that then found nothing to move is not the handler's.
  if (
    !hadSpecific &&
    isRecord(mapped.hookSpecificOutput) &&
    Object.keys(mapped.hookSpecificOutput).length === 0
  ) {
    delete mapped.hookSpecificOutput;
  }
  return mapped;
}

// Fields an agent's field also means (Cursor's followup_message is a block), where none is given.
function addImpliedFields(
  output: Record<string, unknown>,
  implied: Readonly<Record<string, string>> | undefined,
): void {
  for (const [path, value] of Object.entries(implied ?? {})) {
    const target = locateField(output, path, true);
    if (target !== null && !Object.hasOwn(target.holder, target.key)) {
      target.holder[target.key] = value;
    }
  }
}

function renameValue(
  value: unknown,
  values: Readonly<Record<string, string>> | undefined,
): unknown {
  if (values === undefined || typeof value !== "string" || !Object.hasOwn(values, value)) {
    return value;
  }
  return values[value];
}

/** The object holding `path` and the key in it; the specific object is created when `create` is set. */
function locateField(
  output: Record<string, unknown>,
  path: string,
  create = false,
): { holder: Record<string, unknown>; key: string } | null {
  if (!path.startsWith(specificPrefix)) return { holder: output, key: path };
  if (output.hookSpecificOutput === undefined && create) output.hookSpecificOutput = {};
  const specific = output.hookSpecificOutput;
  return isRecord(specific) ? { holder: specific, key: path.slice(specificPrefix.length) } : null;
}
