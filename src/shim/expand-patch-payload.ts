import path from "node:path";
import { isRecord } from "../shared/is-record.js";
import { shimHosts } from "./hosts/shim-hosts.js";
import { type CodexPatchOperation, parseCodexPatch } from "./parse-codex-patch.js";
import type { ShimFormatName } from "./shim-types.js";

/** A host payload as one or more payloads for the hook, or why it cannot be split with certainty. */
export type ExpandedPayloads =
  | { ok: true; payloads: Record<string, unknown>[]; problems: string[] }
  | { ok: false; error: string };

/** A file's part of the patch: the Claude Code tool and input that do the same to that file. */
interface FileEdit {
  toolName: "Write" | "Edit";
  input: Record<string, unknown>;
  response: Record<string, unknown>;
}

/**
 * Splits a Codex (or ZeroCode) `apply_patch` call into the Claude Code calls that touch the same
 * files, for a hook whose protocol has no `apply_patch` (hosts whose `patchesFiles` is set send
 * their file edits as one such call, the patch in `tool_input.command`): an added file is a `Write` with its
 * content, an update one `Edit` per changed block (`old_string` / `new_string`), a deleted file a
 * `Write` of empty content, a move a `Write` of empty content at the old path and the block
 * edits at the new one; paths are made absolute against the payload's `cwd`, and a PostToolUse
 * `tool_response` becomes Claude Code's object for each. Any other payload stays one payload. A
 * patch that cannot be read with certainty is `ok: false`, so the shim fails closed.
 *
 * @example
 * ```ts
 * expandPatchPayload("codex", "claude", { cwd: "/p", tool_name: "apply_patch",
 *   tool_input: { command: "*** Begin Patch\n*** Add File: .env\n+K=1\n*** End Patch" } });
 * // { ok: true, payloads: [{ cwd: "/p", tool_name: "Write", tool_input: { file_path: "/p/.env", content: "K=1\n" } }], problems: [] }
 * ```
 */
export function expandPatchPayload(
  host: ShimFormatName,
  hook: ShimFormatName,
  payload: Record<string, unknown>,
  cwd: string,
): ExpandedPayloads {
  const splits = shimHosts[host].patchesFiles && !shimHosts[hook].patchesFiles;
  if (!splits || payload.tool_name !== "apply_patch") {
    return { ok: true, payloads: [payload], problems: [] };
  }
  const input = isRecord(payload.tool_input) ? payload.tool_input : {};
  if (typeof input.command !== "string") {
    return { ok: false, error: "the apply_patch call has no string tool_input.command" };
  }
  const parsed = parseCodexPatch(input.command);
  if (!parsed.ok)
    return { ok: false, error: `the apply_patch patch cannot be read: ${parsed.error}` };
  const base = typeof payload.cwd === "string" && path.isAbsolute(payload.cwd) ? payload.cwd : cwd;
  const problems: string[] = [];
  const edits = parsed.operations.flatMap((operation) =>
    describeFileEdits(operation, base, problems),
  );
  const payloads = edits.map((edit) => {
    const split: Record<string, unknown> = {
      ...payload,
      tool_name: edit.toolName,
      tool_input: edit.input,
    };
    if (payload.tool_response !== undefined) split.tool_response = edit.response;
    return split;
  });
  if (payload.tool_response !== undefined) {
    problems.push(
      "apply_patch's tool_response is Codex's output text; each file's hook sees Claude Code's fields for it, without originalFile or structuredPatch",
    );
  }
  return { ok: true, payloads, problems };
}

function describeFileEdits(
  operation: CodexPatchOperation,
  base: string,
  problems: string[],
): FileEdit[] {
  const filePath = path.resolve(base, operation.path);
  switch (operation.kind) {
    case "add":
      return [writeFile(filePath, operation.content, "create")];
    case "delete":
      problems.push(
        `apply_patch deletes ${operation.path}: the hook sees a Write of empty content to it`,
      );
      return [writeFile(filePath, "", "update")];
    case "update": {
      const target = operation.moveTo === null ? filePath : path.resolve(base, operation.moveTo);
      const edits = operation.chunks.map((chunk) => {
        const oldString = chunk.oldLines.join("\n");
        const newString = chunk.newLines.join("\n");
        return {
          toolName: "Edit" as const,
          input: {
            file_path: target,
            old_string: oldString,
            new_string: newString,
            replace_all: false,
          },
          response: { filePath: target, oldString, newString, replaceAll: false },
        };
      });
      if (operation.moveTo === null) return edits;
      problems.push(
        `apply_patch moves ${operation.path} to ${operation.moveTo}: the hook sees a Write of empty content to the old path and the edits at the new one`,
      );
      return [writeFile(filePath, "", "update"), ...edits];
    }
  }
}

function writeFile(filePath: string, content: string, type: "create" | "update"): FileEdit {
  return {
    toolName: "Write",
    input: { file_path: filePath, content },
    response: { type, filePath, content },
  };
}
