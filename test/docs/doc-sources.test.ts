import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../support/run-node-script.js";

// User docs cite public sources (URLs, package names and versions): never a path of the machine
// they were written on, a folder outside this repository, or a tracker number a reader cannot
// look up. Example paths stay: `/tmp/demo` and the other scratch folders the pages set up, `~`,
// and `/home/me`, the one placeholder home.

/** The pages a user reads: the README, the changelog, every page of docs/, the Python client's. */
function listUserDocs(): string[] {
  const docs = readdirSync(path.join(packageRoot, "docs"))
    .filter((file) => file.endsWith(".md"))
    .map((file) => `docs/${file}`);
  return ["README.md", "CHANGELOG.md", "clients/python/README.md", ...docs.sort()];
}

/** What a path may not look like, and why. */
const forbiddenPaths: readonly (readonly [RegExp, string])[] = [
  [/(?<![\w.~-])\/(?:work|root|workspace|mnt\/data)\//, "a path of the machine it was written on"],
  [/(?<![\w.~-])\/home\/(?!me\b)[\w.-]+/, "a home folder other than the placeholder /home/me"],
  [/(?<![\w.~-])\/Users\/[\w.-]+|[A-Z]:\\Users\\/, "a home folder of the machine"],
  [/(?<![\w/.-])(?:\.\.\/)+shared\b|(?<![\w/.-])shared\/(?=\w)/, "a folder outside the repository"],
  // mkdtemp's names: a random suffix with a digit or a capital (tmp.60v3pImtAx, vitest-49U85c).
  [
    /(?<![\w.~-])\/tmp\/[\w.-]*?[-.](?=[A-Za-z0-9]{6,}\b)(?=[a-z]*[A-Z0-9])[A-Za-z0-9]+/,
    "a temporary folder of one run",
  ],
];

/** What a tracker reference looks like outside code: `#12`, `issue 12`, `PR #12`. */
const trackerReference =
  /(?<![\w/.\-[`])#\d+\b|\b(?:issues?|PRs?|pull requests?|tickets?)\s+#?\d+\b/i;

/** The line without its inline code spans, where `#2` is an id suffix and not a tracker number. */
function removeInlineCode(line: string): string {
  return line.replace(/`+[^`]*`+/g, "``");
}

/** Markdown link targets of a line: `[text](target)`. */
function listLinkTargets(line: string): string[] {
  return [...line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1] ?? "");
}

/** Every problem of one page, as `file:line: what` lines. */
function findProblems(file: string): string[] {
  const problems: string[] = [];
  const lines = readFileSync(path.join(packageRoot, file), "utf8").split("\n");
  let inFence = false;
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    if (/^\s*(?:```|~~~)/.test(line)) inFence = !inFence;
    for (const [pattern, why] of forbiddenPaths) {
      const found = pattern.exec(line);
      if (found !== null) problems.push(`${where}: ${why}: ${found[0]}`);
    }
    if (!inFence) {
      const reference = trackerReference.exec(removeInlineCode(line));
      if (reference !== null) {
        problems.push(
          `${where}: a tracker number (link the public issue instead): ${reference[0]}`,
        );
      }
    }
    for (const target of inFence ? [] : listLinkTargets(line)) {
      if (/^[a-z][\w+.-]*:/i.test(target) || target.startsWith("#")) continue;
      const resolved = path.resolve(packageRoot, path.dirname(file), target.split("#")[0] ?? "");
      const relative = path.relative(packageRoot, resolved);
      if (relative.startsWith("..") || path.isAbsolute(relative)) {
        problems.push(`${where}: a link out of the repository: ${target}`);
      } else if (!existsSync(resolved)) {
        problems.push(`${where}: a link to a file that does not exist: ${target}`);
      }
    }
  });
  return problems;
}

describe("the user docs cite public sources", () => {
  it.each(listUserDocs())("%s has no machine path, outside folder or tracker number", (file) => {
    expect(findProblems(file)).toEqual([]);
  });

  it.each([
    ["see /work/shared/reference/hooks.md", true],
    ["cwd: /root/project", true],
    ['"source":"/home/dev/agent-hooks/examples/hooks.json"', true],
    ["~/.claude/settings.json and /home/me/.claude/settings.json", false],
    ["the notes in ../shared/reference", true],
    ["helpers in `src/adapters/shared/`", false],
    ["created in /tmp/agent-hooks-vitest-49U85c", true],
    ["run from /tmp/docs-demo/project and /tmp/zc-explain", false],
    ["fixed in issue #20 part 2", true],
    ["until #16 the engine paced", true],
    ["as in PR 1467", true],
    ["[openai/codex#19905](https://github.com/openai/codex/pull/19905)", false],
    ["ids get `#2`, `#3` while another set has the same id", false],
    ["see [the table](#which-profile)", false],
  ])("flags %j: %s", (line, flagged) => {
    const pathHit = forbiddenPaths.some(([pattern]) => pattern.test(line));
    const trackerHit = trackerReference.test(removeInlineCode(line));
    expect(pathHit || trackerHit).toBe(flagged);
  });
});
