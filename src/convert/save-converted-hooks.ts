import { writeFileAtomically } from "../shared/write-file-atomically.js";
import { type MergeConvertedHooksOptions, mergeConvertedHooks } from "./merge-converted-hooks.js";

/** What `saveConvertedHooks` did: wrote a new file, merged into one (what it set and replaced), or why not. */
export type ConvertedHooksSave =
  | { ok: true; change: "created" }
  | {
      ok: true;
      change: "merged" | "unchanged";
      set: string[];
      replaced: string[];
      kept: string[];
    }
  | { ok: false; reason: string; link?: string };

/**
 * Writes converted hooks to `file` (`convert -o`): a new file holds the converted document; an
 * existing settings file gets the hooks merged into it (`mergeConvertedHooks`: every other key,
 * comment and the formatting kept, or a refusal), written atomically with its mode kept
 * (`writeFileAtomically`: never through a symbolic link). Never throws.
 *
 * @example
 * ```ts
 * const saved = await saveConvertedHooks(".gemini/settings.json", result.output,
 *   { syntax: "json", from: "claude", to: "gemini", force: false });
 * if (!saved.ok) console.error(`cannot write .gemini/settings.json: ${saved.reason}`);
 * ```
 */
export async function saveConvertedHooks(
  file: string,
  converted: string,
  options: MergeConvertedHooksOptions,
): Promise<ConvertedHooksSave> {
  // Filled in by the editor below when the file exists and the merge goes ahead.
  const outcome: { merge?: { set: string[]; replaced: string[]; kept: string[] } } = {};
  const written = await writeFileAtomically(file, (existing) => {
    if (existing === null) return { ok: true, text: converted };
    const merge = mergeConvertedHooks(existing.text, converted, options);
    if (!merge.ok) return merge;
    outcome.merge = { set: merge.set, replaced: merge.replaced, kept: merge.kept };
    return { ok: true, text: merge.text };
  });
  if (!written.ok) return written;
  if (outcome.merge === undefined) return { ok: true, change: "created" };
  const change = written.change === "unchanged" ? "unchanged" : "merged";
  return { ok: true, change, ...outcome.merge };
}
