import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The folder arrows docs/architecture.md draws ("Data flows in one direction", the Files and
// folder tables), checked on every relative import of every non-test file in src/, type-only
// imports included. A unit is a folder of src/ or a file directly in src/; an entry may also name
// one file (`run/process-outcome.ts`). Every unit may import itself, and every unit but sdk/ may
// import shared/, which imports nothing of ours but shell/'s quoting. shell/ (shell syntax: the
// parser boundary, the tree, word evaluation, quoting, the direct-exec splitter, the builtin
// table) imports nothing of ours either.

const source = fileURLToPath(new URL("../", import.meta.url));

const leaves = ["diagnostic.ts", "require-zod.ts", "open-private-file.ts", "shell"] as const;
const stages = ["config", "match", "trust", "payload", "run", "decide", "spill"] as const;
const core = [...leaves, ...stages, "profiles", "observe", "explain", "engine"] as const;

const allowedImports: Readonly<Record<string, readonly string[]>> = {
  // A suggested `agent-hooks` command line, quoted for the shell.
  shared: ["shell/quote-shell-word.ts"],
  // Shell syntax knows nothing of hooks.
  shell: [],
  "diagnostic.ts": [],
  "require-zod.ts": [],
  "open-private-file.ts": [],
  // Plain data the pipeline reads.
  profiles: [],
  // The pipeline, in its order. "config/ knows nothing of matching".
  config: ["profiles", "diagnostic.ts", "require-zod.ts", "shell/quote-shell-word.ts"],
  // "match/ nothing of processes"; it describes a dispatch from the payload it builds.
  match: ["profiles", "config", "payload", "diagnostic.ts"],
  // "trust/ nothing of processes or output".
  trust: ["profiles", "config", "match", "shell", "diagnostic.ts", "require-zod.ts"],
  // Builds the payload from the profile, and serializes it (or says why it cannot).
  payload: ["profiles", "diagnostic.ts"],
  // The event schemas, derived from the profile tables.
  "event-schemas": ["profiles"],
  // "run/ nothing of events or output formats".
  run: ["profiles", "config", "match", "trust", "shell", "diagnostic.ts"],
  // "decide/ nothing of processes beyond the ProcessOutcome value it receives".
  decide: [
    "profiles",
    "config",
    "match",
    "trust",
    "shell",
    "run/process-outcome.ts",
    "diagnostic.ts",
    "require-zod.ts",
  ],
  // "spill/ nothing but the text it is given" (and the ownership check it shares).
  spill: ["diagnostic.ts", "open-private-file.ts"],
  explain: ["profiles", "config", "match", "trust", "payload", "diagnostic.ts"],
  observe: ["decide", "diagnostic.ts", "open-private-file.ts"],
  // The engine's wiring (engine/engine.ts) and the pieces it hands work to: the snapshot, one
  // handler run, the async runner, the public types.
  engine: core,
  // Beside the pipeline: "convert/ ... builds its formats on the profile tables, shares a few
  // config/ helpers";
  // the event stream shares the process runner and the stages' helpers.
  // It reads a hook's inline output with shell/'s parser, quotes argv lists with shell/, and asks
  // the shim's host replies which events can block (the fail-closed command form of `convert --shim`)
  // and the shim's host modules what the shim does for each agent (its variables, payload case).
  convert: [
    "profiles",
    "config",
    "shell",
    "shim/hosts/shim-hosts.ts",
    "shim/write-host-reply.ts",
    "shim/create-shim-verdict.ts",
    "shim/shim-types.ts",
    "require-zod.ts",
  ],
  // The protocol bridge: the convert tables for names, the engine's output reading and runner,
  // and trust/'s script resolution (a missing script behind a failing exit fails closed).
  shim: ["profiles", "config", "convert", "run", "decide", "trust", "diagnostic.ts"],
  // Migration reports the conversion issue shape.
  "event-stream": ["profiles", ...stages, "shell", "diagnostic.ts", "convert/conversion-issue.ts"],
  // "agent-hooks/sdk ... no runtime dependencies": its own files, the profile tables, the
  // event schemas as types.
  sdk: ["profiles", "event-schemas"],
  // Users of the core; nothing in the core imports them.
  report: core,
  testing: core,
  remote: core,
  // "they import the core, never the reverse".
  adapters: [...core, "event-stream"],
  "index.ts": [...core, "report"],
  cli: [...core, "event-stream", "convert", "shim", "report", "testing", "remote"],
};

// Arrows the doc does not draw, as `importing file → imported file`. Fixing one means removing it
// here; a new arrow the table does not allow fails the test.
const knownViolations: readonly string[] = [];

const importPatterns = [
  /\b(?:import|export)\s+(?:type\s+)?[\w$*{}\s,]*?\s*from\s*["']([^"']+)["']/g,
  /\bimport\s*["']([^"']+)["']/g,
  /\bimport\(\s*["']([^"']+)["']\s*\)/g,
];

/** Every non-test TypeScript file of src/, relative to src/ with `/` separators. */
function listSourceFiles(): string[] {
  return readdirSync(source, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .sort();
}

/** The relative module specifiers a file imports or re-exports, statically or dynamically. */
function readRelativeSpecifiers(file: string): string[] {
  const code = readFileSync(path.join(source, file), "utf8");
  const specifiers = importPatterns.flatMap((pattern) =>
    [...code.matchAll(pattern)].map((match) => match[1] ?? ""),
  );
  return [...new Set(specifiers)].filter((specifier) => specifier.startsWith("."));
}

function findUnit(file: string): string {
  return file.split("/")[0] ?? file;
}

function isAllowed(from: string, to: string): boolean {
  const unit = findUnit(from);
  const target = findUnit(to);
  if (unit === target) return true;
  if (target === "shared" && unit !== "sdk") return true;
  const allowed = allowedImports[unit] ?? [];
  return allowed.includes(target) || allowed.includes(to);
}

/** Every import the table does not allow, as `file → imported file`, and imports it cannot find. */
function findViolations(): { violations: string[]; unresolved: string[] } {
  const violations: string[] = [];
  const unresolved: string[] = [];
  for (const file of listSourceFiles()) {
    for (const specifier of readRelativeSpecifiers(file)) {
      const resolved = path.posix.join(path.posix.dirname(file), specifier.replace(/\.js$/, ".ts"));
      if (resolved.startsWith("..") || !existsSync(path.join(source, resolved))) {
        unresolved.push(`${file} → ${specifier}`);
      } else if (!isAllowed(file, resolved)) {
        violations.push(`${file} → ${resolved}`);
      }
    }
  }
  return { violations, unresolved };
}

describe("folder arrows (docs/architecture.md)", () => {
  const { violations, unresolved } = findViolations();

  it("has a row for every folder and file of src/", () => {
    const units = new Set(listSourceFiles().map(findUnit));
    expect([...units].filter((unit) => !Object.hasOwn(allowedImports, unit))).toEqual([]);
  });

  it("resolves every relative import to a file in src/", () => {
    expect(unresolved).toEqual([]);
  });

  it("has no import the doc does not allow, other than the known ones", () => {
    expect(violations.filter((violation) => !knownViolations.includes(violation))).toEqual([]);
  });

  it("lists only known violations that still exist", () => {
    expect(knownViolations.filter((violation) => !violations.includes(violation))).toEqual([]);
  });

  it("finds the imports it checks (the scan itself works)", () => {
    expect(readRelativeSpecifiers("engine/engine.ts")).toContain("./engine-types.js");
    // A dynamic import, a type-only import over several lines, and a re-export.
    expect(readRelativeSpecifiers("config/read-config-document.ts")).toContain(
      "./parse-toml-document.js",
    );
    expect(readRelativeSpecifiers("convert/formats/zerocode.ts")).toContain("../portable-hooks.js");
    expect(readRelativeSpecifiers("event-stream/index.ts")).toContain("./cap-tool-output.js");
    expect(isAllowed("shared/is-record.ts", "config/load-config.ts")).toBe(false);
    expect(isAllowed("sdk/define-hook.ts", "shared/is-record.ts")).toBe(false);
    expect(isAllowed("decide/interpret-outcome.ts", "run/process-outcome.ts")).toBe(true);
    expect(isAllowed("decide/interpret-outcome.ts", "run/spawn-handler.ts")).toBe(false);
    expect(isAllowed("shell/parse-shell-script.ts", "trust/shell-state.ts")).toBe(false);
    expect(isAllowed("shared/format-agent-hooks-command.ts", "shell/parse-shell-script.ts")).toBe(
      false,
    );
  });
});
