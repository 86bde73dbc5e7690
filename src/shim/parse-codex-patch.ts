/** One replaced block of an updated file: the lines it removes and those it puts in their place. */
export interface CodexPatchChunk {
  /** The `@@ <line>` that narrows where the block is, or null. */
  context: string | null;
  /** The block as it is now (context lines and `-` lines). */
  oldLines: string[];
  /** The block as it becomes (context lines and `+` lines). */
  newLines: string[];
  /** Whether the block must end the file (`*** End of File`). */
  endOfFile: boolean;
}

/** One file operation of a Codex `apply_patch` call, with the path as the patch spells it. */
export type CodexPatchOperation =
  | { kind: "add"; path: string; content: string }
  | { kind: "delete"; path: string }
  | { kind: "update"; path: string; moveTo: string | null; chunks: CodexPatchChunk[] };

/** The file operations of a patch, or why the patch cannot be read with certainty. */
export type ParsedCodexPatch =
  | { ok: true; operations: CodexPatchOperation[] }
  | { ok: false; error: string };

const beginMarker = "*** Begin Patch";
const endMarker = "*** End Patch";
const addMarker = "*** Add File: ";
const deleteMarker = "*** Delete File: ";
const updateMarker = "*** Update File: ";
const moveMarker = "*** Move to: ";
const endOfFileMarker = "*** End of File";

/** A parse step's failure: the sentence for the reply, with the 1-based line it concerns. */
class PatchError {
  constructor(readonly message: string) {}
}

/**
 * Reads the text of a Codex `apply_patch` call (`*** Begin Patch` … `*** End Patch`, the grammar
 * of codex-rs `apply-patch`) into its file operations. Strict: where Codex's own parser is
 * lenient or the text could be read two ways (a heredoc wrapper, an `*** Environment ID:` line,
 * carriage returns, a header or path with surrounding spaces, an empty path, an update without
 * a change), it answers `ok: false` with the reason, so a guard is never shown a guess.
 *
 * @example
 * ```ts
 * parseCodexPatch("*** Begin Patch\n*** Add File: .env\n+KEY=1\n*** End Patch");
 * // { ok: true, operations: [{ kind: "add", path: ".env", content: "KEY=1\n" }] }
 * ```
 */
export function parseCodexPatch(text: string): ParsedCodexPatch {
  try {
    return { ok: true, operations: readPatch(text) };
  } catch (error) {
    if (error instanceof PatchError) return { ok: false, error: error.message };
    throw error;
  }
}

function readPatch(text: string): CodexPatchOperation[] {
  if (text.includes("\r")) throw new PatchError("the patch contains a carriage return");
  // Codex trims the whole text before reading its lines.
  const lines = text.trim().split("\n");
  const first = lines[0] ?? "";
  if (first.trim() !== beginMarker) {
    throw new PatchError(`the first line is not "${beginMarker}"`);
  }
  if (lines.length < 2 || (lines.at(-1) ?? "").trim() !== endMarker) {
    throw new PatchError(`the last line is not "${endMarker}"`);
  }
  const body = lines.slice(1, -1);
  const operations: CodexPatchOperation[] = [];
  let index = 0;
  while (index < body.length) {
    index = readOperation(body, index, operations);
  }
  if (operations.length === 0) throw new PatchError("the patch names no file");
  return operations;
}

/** Reads the operation whose header is at `index`; returns the index after it. */
function readOperation(lines: string[], index: number, operations: CodexPatchOperation[]): number {
  const header = lines[index] ?? "";
  const line = index + 2;
  if (header.trim() !== header) {
    throw new PatchError(`line ${line} has spaces around its header: ${JSON.stringify(header)}`);
  }
  if (header.startsWith(addMarker)) {
    const path = readPath(header.slice(addMarker.length), line);
    let next = index + 1;
    let content = "";
    for (; next < lines.length; next++) {
      const added = lines[next] ?? "";
      if (!added.startsWith("+")) break;
      content += `${added.slice(1)}\n`;
    }
    operations.push({ kind: "add", path, content });
    return next;
  }
  if (header.startsWith(deleteMarker)) {
    operations.push({ kind: "delete", path: readPath(header.slice(deleteMarker.length), line) });
    return index + 1;
  }
  if (header.startsWith(updateMarker)) {
    return readUpdate(lines, index, operations);
  }
  throw new PatchError(`line ${line} is not a file header: ${JSON.stringify(header)}`);
}

function readUpdate(lines: string[], index: number, operations: CodexPatchOperation[]): number {
  const header = lines[index] ?? "";
  const path = readPath(header.slice(updateMarker.length), index + 2);
  let next = index + 1;
  let moveTo: string | null = null;
  const moveLine = lines[next] ?? "";
  if (moveLine.startsWith(moveMarker)) {
    moveTo = readPath(moveLine.slice(moveMarker.length), next + 2);
    next++;
  }
  const chunks: CodexPatchChunk[] = [];
  while (next < lines.length) {
    const current = lines[next] ?? "";
    // Blank lines between blocks are skipped; a line starting with `*` ends the file's changes.
    if (current.trim() === "") {
      next++;
      continue;
    }
    if (current.startsWith("*")) break;
    next = readChunk(lines, next, chunks);
  }
  if (chunks.length === 0) {
    throw new PatchError(`the update of ${JSON.stringify(path)} changes nothing`);
  }
  operations.push({ kind: "update", path, moveTo, chunks });
  return next;
}

/** Reads one `@@` block of an update at `index`; returns the index after it. */
function readChunk(lines: string[], index: number, chunks: CodexPatchChunk[]): number {
  const first = lines[index] ?? "";
  let context: string | null = null;
  let next = index;
  if (first === "@@") {
    next++;
  } else if (first.startsWith("@@ ")) {
    context = first.slice(3);
    next++;
  } else if (chunks.length > 0) {
    throw new PatchError(
      `line ${index + 2} does not start a block with @@: ${JSON.stringify(first)}`,
    );
  }
  const chunk: CodexPatchChunk = { context, oldLines: [], newLines: [], endOfFile: false };
  let read = 0;
  for (; next < lines.length; next++) {
    const line = lines[next] ?? "";
    if (line === endOfFileMarker) {
      if (read === 0) break;
      chunk.endOfFile = true;
      next++;
      break;
    }
    const marker = line.charAt(0);
    const rest = line.slice(1);
    if (line === "") {
      chunk.oldLines.push("");
      chunk.newLines.push("");
    } else if (marker === " ") {
      chunk.oldLines.push(rest);
      chunk.newLines.push(rest);
    } else if (marker === "-") {
      chunk.oldLines.push(rest);
    } else if (marker === "+") {
      chunk.newLines.push(rest);
    } else {
      // Another block or the next file begins.
      break;
    }
    read++;
  }
  if (read === 0) {
    throw new PatchError(`the block at line ${index + 2} has no line to change`);
  }
  chunks.push(chunk);
  return next;
}

function readPath(path: string, line: number): string {
  if (path === "" || path.trim() !== path) {
    throw new PatchError(`line ${line} names no clear path: ${JSON.stringify(path)}`);
  }
  return path;
}
