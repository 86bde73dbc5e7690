import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CodexPatchChunk,
  type CodexPatchOperation,
  parseCodexPatch,
} from "./parse-codex-patch.js";

const patch = (...lines: string[]) => ["*** Begin Patch", ...lines, "*** End Patch"].join("\n");

describe("parseCodexPatch", () => {
  it.each<[string, string, CodexPatchOperation[]]>([
    [
      "an added file",
      patch("*** Add File: .env", "+KEY=1", "+", "+OTHER=2"),
      [{ kind: "add", path: ".env", content: "KEY=1\n\nOTHER=2\n" }],
    ],
    [
      "an empty added file",
      patch("*** Add File: empty.txt"),
      [{ kind: "add", path: "empty.txt", content: "" }],
    ],
    ["a deleted file", patch("*** Delete File: old.txt"), [{ kind: "delete", path: "old.txt" }]],
    [
      "an update with a context line",
      patch("*** Update File: src/app.py", "@@ def f():", "-    pass", "+    return 1"),
      [
        {
          kind: "update",
          path: "src/app.py",
          moveTo: null,
          chunks: [
            {
              context: "def f():",
              oldLines: ["    pass"],
              newLines: ["    return 1"],
              endOfFile: false,
            },
          ],
        },
      ],
    ],
    [
      "an update whose first block has no @@, with an empty context line",
      patch("*** Update File: a.txt", " keep", "", "-old", "+new"),
      [
        {
          kind: "update",
          path: "a.txt",
          moveTo: null,
          chunks: [
            {
              context: null,
              oldLines: ["keep", "", "old"],
              newLines: ["keep", "", "new"],
              endOfFile: false,
            },
          ],
        },
      ],
    ],
    [
      "a move with two blocks, the second at the end of the file",
      patch(
        "*** Update File: a.txt",
        "*** Move to: b/c.txt",
        "@@",
        "-1",
        "+2",
        "",
        "@@ tail",
        "-x",
        "*** End of File",
      ),
      [
        {
          kind: "update",
          path: "a.txt",
          moveTo: "b/c.txt",
          chunks: [
            // An empty line inside a block is an empty context line, as Codex reads it.
            { context: null, oldLines: ["1", ""], newLines: ["2", ""], endOfFile: false },
            { context: "tail", oldLines: ["x"], newLines: [], endOfFile: true },
          ],
        },
      ],
    ],
    [
      "several files, absolute and with spaces",
      patch(
        "*** Add File: /abs/my file.txt",
        "+hi",
        "*** Update File: x",
        "@@",
        "+y",
        "*** Delete File: z",
      ),
      [
        { kind: "add", path: "/abs/my file.txt", content: "hi\n" },
        {
          kind: "update",
          path: "x",
          moveTo: null,
          chunks: [{ context: null, oldLines: [], newLines: ["y"], endOfFile: false }],
        },
        { kind: "delete", path: "z" },
      ],
    ],
    [
      "surrounding blank space and a trailing newline, as Codex trims them",
      `\n  ${patch("*** Delete File: a")}\n\n`,
      [{ kind: "delete", path: "a" }],
    ],
  ])("reads %s", (_name, text, operations) => {
    expect(parseCodexPatch(text)).toEqual({ ok: true, operations });
  });

  it.each([
    ["no begin marker", "*** Add File: a\n+x\n*** End Patch", /first line/],
    ["no end marker", "*** Begin Patch\n*** Add File: a\n+x", /last line/],
    ["a heredoc wrapper", `<<'EOF'\n${patch("*** Add File: a", "+x")}\nEOF`, /first line/],
    [
      "an environment line",
      patch("*** Environment ID: remote", "*** Add File: a", "+x"),
      /not a file header/,
    ],
    [
      "carriage returns",
      patch("*** Add File: a", "+x").replaceAll("\n", "\r\n"),
      /carriage return/,
    ],
    ["a header with a leading space", patch(" *** Add File: a", "+x"), /spaces around its header/],
    ["a path with a leading space", patch("*** Add File:  a", "+x"), /no clear path/],
    ["an empty path", patch("*** Delete File: "), /spaces around its header|no clear path/],
    [
      "an empty move target",
      patch("*** Update File: a", "*** Move to: ", "@@", "+x"),
      /no clear path/,
    ],
    ["an update that changes nothing", patch("*** Update File: a"), /changes nothing/],
    ["a block with no line", patch("*** Update File: a", "@@"), /no line to change/],
    [
      "a second block without @@",
      patch("*** Update File: a", "@@", "+x", "@", "+y"),
      /does not start a block/,
    ],
    ["an unknown line", patch("*** Add File: a", "+x", "garbage"), /not a file header/],
    ["no file at all", patch(), /names no file/],
    [
      "an end-of-file marker with no line",
      patch("*** Update File: a", "@@", "*** End of File"),
      /no line to change/,
    ],
  ])("refuses %s", (_name, text, message) => {
    const parsed = parseCodexPatch(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });
});

// Properties: a patch written from operations reads back as those operations, and no text ever
// yields a file that is not named by one of its own header lines (nothing is guessed or skipped).

const line = fc.string({ unit: fc.constantFrom("a", " ", "-", "+", "*", "@", "é", "\t", "x") });
const filePath = fc
  .string({ unit: fc.constantFrom("a", "b", "/", ".", " ", "é", "-"), minLength: 1 })
  .filter((text) => text.trim() === text && text !== "");

type DiffLine = { kind: " " | "-" | "+"; text: string };
const diffLine = fc.record({
  kind: fc.constantFrom(" " as const, "-" as const, "+" as const),
  text: line,
});
const chunk = fc.record({
  context: fc.option(
    line.filter((text) => text !== ""),
    { nil: null },
  ),
  lines: fc.array(diffLine, { minLength: 1, maxLength: 4 }),
  endOfFile: fc.boolean(),
});
const operation = fc.oneof(
  fc.record({
    kind: fc.constant("add" as const),
    path: filePath,
    lines: fc.array(line, { maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant("delete" as const), path: filePath }),
  fc.record({
    kind: fc.constant("update" as const),
    path: filePath,
    moveTo: fc.option(filePath, { nil: null }),
    chunks: fc.array(chunk, { minLength: 1, maxLength: 3 }),
  }),
);
type GeneratedOperation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

function writeOperation(generated: GeneratedOperation): string[] {
  switch (generated.kind) {
    case "add":
      return [`*** Add File: ${generated.path}`, ...generated.lines.map((text) => `+${text}`)];
    case "delete":
      return [`*** Delete File: ${generated.path}`];
    case "update":
      return [
        `*** Update File: ${generated.path}`,
        ...(generated.moveTo === null ? [] : [`*** Move to: ${generated.moveTo}`]),
        ...generated.chunks.flatMap((block) => [
          block.context === null ? "@@" : `@@ ${block.context}`,
          ...block.lines.map((diff: DiffLine) => `${diff.kind}${diff.text}`),
          ...(block.endOfFile ? ["*** End of File"] : []),
        ]),
      ];
  }
}

function expectOperation(generated: GeneratedOperation): CodexPatchOperation {
  switch (generated.kind) {
    case "add":
      return {
        kind: "add",
        path: generated.path,
        content: generated.lines.map((text) => `${text}\n`).join(""),
      };
    case "delete":
      return generated;
    case "update":
      return {
        kind: "update",
        path: generated.path,
        moveTo: generated.moveTo,
        chunks: generated.chunks.map(
          (block): CodexPatchChunk => ({
            context: block.context,
            oldLines: block.lines.filter((diff) => diff.kind !== "+").map((diff) => diff.text),
            newLines: block.lines.filter((diff) => diff.kind !== "-").map((diff) => diff.text),
            endOfFile: block.endOfFile,
          }),
        ),
      };
  }
}

const headerPattern = /^\*\*\* (?:Add File|Delete File|Update File|Move to): (.*)$/;

describe("parseCodexPatch properties", () => {
  it("reads back the operations a patch was written from", () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 4 }), (operations) => {
        const text = patch(...operations.flatMap(writeOperation));
        expect(parseCodexPatch(text)).toEqual({
          ok: true,
          operations: operations.map(expectOperation),
        });
      }),
    );
  });

  it("names exactly the files of the text's header lines, or refuses", () => {
    const strayLine = fc.oneof(
      filePath.map((path) => `*** Add File: ${path}`),
      filePath.map((path) => `*** Delete File: ${path}`),
      filePath.map((path) => `*** Update File: ${path}`),
      filePath.map((path) => `*** Move to: ${path}`),
      fc.constantFrom("@@", "@@ ctx", "*** End of File", "", " ", "*** Environment ID: e"),
      diffLine.map((diff) => `${diff.kind}${diff.text}`),
    );
    // A well-formed patch with stray lines put in or lines taken out, anywhere.
    const edit = fc.oneof(
      fc.record({ at: fc.nat(), insert: strayLine }),
      fc.record({ at: fc.nat(), insert: fc.constant(null) }),
    );
    fc.assert(
      fc.property(
        fc.array(operation, { minLength: 1, maxLength: 3 }),
        fc.array(edit, { maxLength: 3 }),
        (operations, edits) => {
          const lines = operations.flatMap(writeOperation);
          for (const { at, insert } of edits) {
            const index = at % (lines.length + 1);
            if (insert === null) lines.splice(index, 1);
            else lines.splice(index, 0, insert);
          }
          const parsed = parseCodexPatch(patch(...lines));
          if (!parsed.ok) return;
          const named = lines.flatMap((text) => headerPattern.exec(text)?.[1] ?? []);
          const found = parsed.operations.flatMap((found) =>
            found.kind === "update" && found.moveTo !== null
              ? [found.path, found.moveTo]
              : [found.path],
          );
          expect(found).toEqual(named);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("never throws, whatever the text", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(typeof parseCodexPatch(text).ok).toBe("boolean");
      }),
    );
  });
});
