// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${…}` here is shell syntax, not a template.
// `npm run bench:parsers`: the shell-parser candidates side by side, in one run: registry facts,
// what each tree can tell, accept/reject agreement with `bash -n` and `dash -n` over a corpus,
// load and parse time, memory and size. Installs the pinned candidates (bench/shell-parsers/
// package.json + lock) on first use into `${XDG_CACHE_HOME:-~/.cache}/agent-hooks/
// bench-shell-parsers/<lock hash>`, never into the repository. Prints the tables and writes
// bench/shell-parsers/results.json. Options: --quick (fewer samples), --offline (no npm view).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { candidates } from "./lib/shell-parser-candidates.mjs";
import { buildCorpus } from "./lib/shell-parser-corpus.mjs";
import { summarize } from "./lib/statistics.mjs";

const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const offline = argv.includes("--offline");
const manifestDirectory = fileURLToPath(new URL("shell-parsers/", import.meta.url));
const repository = fileURLToPath(new URL("../", import.meta.url));
const measureScript = fileURLToPath(new URL("lib/measure-shell-parser.mjs", import.meta.url));
const manifestFiles = ["package.json", "package-lock.json", ".npmrc"];
const completionFile = ".agent-hooks-installed.json";

/** Installs the pinned candidates into the cache once per lock; returns their node_modules. */
function installCandidates() {
  const hash = createHash("sha256");
  for (const name of manifestFiles) hash.update(readFileSync(path.join(manifestDirectory, name)));
  const directory = path.join(
    process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"),
    "agent-hooks",
    "bench-shell-parsers",
    hash.digest("hex").slice(0, 16),
  );
  const modules = path.join(directory, "node_modules");
  if (existsSync(path.join(directory, completionFile))) return modules;
  process.stderr.write(`installing the pinned shell parsers into ${directory} (npm ci)\n`);
  // Install beside the final folder and rename it, so an interrupted install is never reused.
  const staging = `${directory}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const name of manifestFiles) {
    copyFileSync(path.join(manifestDirectory, name), path.join(staging, name));
  }
  // .npmrc: no install scripts (tree-sitter-bash's would build a native addon we do not use) and
  // no peer install (its peer is the native `tree-sitter`).
  const install = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], {
    cwd: staging,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (install.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`npm ci of the pinned shell parsers failed (exit ${install.status})`);
  }
  writeFileSync(path.join(staging, completionFile), "{}\n");
  if (existsSync(path.join(directory, completionFile))) {
    rmSync(staging, { recursive: true, force: true });
  } else {
    rmSync(directory, { recursive: true, force: true });
    renameSync(staging, directory);
  }
  return modules;
}

/**
 * Registry facts of a package (`npm view`), or why they are missing.
 * @param {string} name
 * @param {string} installed
 */
function describeRegistry(name, installed) {
  if (offline) return { installed, error: "--offline" };
  const view = spawnSync("npm", ["view", name, "--json"], { encoding: "utf8", timeout: 30_000 });
  if (view.status !== 0) return { installed, error: "registry not reached" };
  const facts = JSON.parse(view.stdout);
  const time = facts.time ?? {};
  return {
    installed,
    latest: facts["dist-tags"]?.latest ?? facts.version,
    latestDate: time[facts["dist-tags"]?.latest ?? facts.version]?.slice(0, 10) ?? "?",
    installedDate: time[installed]?.slice(0, 10) ?? "?",
    versions: Object.keys(time).filter((key) => key !== "created" && key !== "modified").length,
    engines: facts.engines?.node ?? "none",
    deprecated: facts.deprecated ?? null,
    peerDependencies: facts.peerDependencies ?? null,
  };
}

/**
 * `shell -n -c -- source` (`--`: a source starting with `-` is not an option): 0 is accept.
 * @param {string} shell
 * @param {string} source
 */
function checkWithShell(shell, source) {
  const result = spawnSync(shell, ["-n", "-c", "--", source], {
    encoding: "utf8",
    timeout: 10_000,
    stdio: ["ignore", "ignore", "pipe"],
  });
  return { ok: result.status === 0, message: result.stderr.trim().split("\n")[0] ?? "" };
}

// What src/trust/parse-shell-script.ts converts today, as mvdan/sh node types, each with a probe
// command and how each candidate's tree shows it: a node type (tree-sitter, `"x"` is an anonymous
// token), or for sh-syntax, the Go field names its JSON would carry for such a node.
const features = [
  ["simple command, arguments", "./a.sh x", "CallExpr", ["command"], ["Args"]],
  ["prefix assignment", "A=1 ./a.sh", "Assign", ["variable_assignment"], ["Assigns"]],
  ["append assignment +=", "A+=1", "Assign", ['"+="'], ["Append"]],
  ["array assignment", "a=(1 [2]=x)", "ArrayExpr", ["array"], ["Elems"]],
  ["declare/export/local", "export A=1 B", "DeclClause", ["declaration_command"], ["Variant"]],
  ["&& and ||", "a && b || c", "BinaryCmd", ["list"], ["X", "Y"]],
  ["pipe |", "a | b", "BinaryCmd", ["pipeline"], ["X", "Y"]],
  ["pipe |&", "a |& b", "BinaryCmd", ['"|&"'], ["X", "Y"]],
  ["negation !", "! a", "Stmt.Negated", ["negated_command"], ["Negated"]],
  ["background &", "a & b", "Stmt.Background", ['"&"'], ["Background"]],
  ["subshell ( )", "(a)", "Subshell", ["subshell"], ["Lparen"]],
  ["block { }", "{ a; }", "Block", ["compound_statement"], ["Lbrace"]],
  ["if/elif/else", "if a; then b; else c; fi", "IfClause", ["if_statement"], ["Then"]],
  ["while/until", "until a; do b; done", "WhileClause", ["while_statement"], ["Do"]],
  ["for … in", "for i in a b; do c; done", "WordIter", ["for_statement"], ["Items"]],
  [
    "for (( ))",
    "for ((i=0;i<2;i++)); do c; done",
    "CStyleLoop",
    ["c_style_for_statement"],
    ["Init"],
  ],
  ["case", "case $x in a|b) c;; esac", "CaseClause", ["case_statement"], ["Items"]],
  ["function", "f() { a; }", "FuncDecl", ["function_definition"], ["Body"]],
  ["coproc", "coproc x { a; }", "CoprocClause", ["coproc_statement"], ["Stmt"]],
  ["(( )) command", "((x=1+$(a)))", "ArithmCmd", ['"(("'], ["X"]],
  ["let", "let x=1+2", "LetClause", ["let_statement"], ["Exprs"]],
  ["[[ ]] test", "[[ -f a && $b == c ]]", "TestClause", ["test_command"], ["X"]],
  ["time", "time a", "TimeClause", ["time_statement"], ["PosixFormat"]],
  ["redirection operators", "a >x 2>&1 <y", "Redirect", ["file_redirect"], ["Op"]],
  ["redirection <>", "a <>w", "Redirect", ["file_redirect"], ["Op"]],
  ["here-string <<<", "a <<<s", "Redirect", ["herestring_redirect"], ["Op"]],
  ["here-document body", "cat <<E\nx $y\nE", "Redirect.Hdoc", ["heredoc_body"], ["Hdoc"]],
  ["descriptor number", "a 3>x", "Redirect.N", ["file_descriptor"], ["N"]],
  ["literal", "a", "Lit", ["word"], ["Value"]],
  ["'single'", "a 'b'", "SglQuoted", ["raw_string"], ["Dollar"]],
  ["$'ansi-c'", "a $'b'", "SglQuoted", ["ansi_c_string"], ["Dollar"]],
  ['"double"', 'a "b$c"', "DblQuoted", ["string"], ["Dollar"]],
  ['$"locale"', 'a $"b"', "DblQuoted", ["translated_string"], ["Dollar"]],
  ["$var", "a $b", "ParamExp", ["simple_expansion"], ["Param"]],
  ["${var op word}", "a ${b:-$(c)}", "ParamExp", ["expansion"], ["Exp"]],
  ["$( ) and backticks", "a $(b) `c`", "CmdSubst", ["command_substitution"], ["Stmts"]],
  ["$(( ))", "a $((1+$b))", "ArithmExp", ["arithmetic_expansion"], ["X"]],
  ["<( ) process substitution", "a <(b)", "ProcSubst", ["process_substitution"], ["Stmts"]],
  ["extended glob @( )", "a @(b|c)", "ExtGlob", ["extglob_pattern"], ["Pattern"]],
  ["brace expansion {a,b}", "a {b,c}", "BraceExp", ["brace_expression"], ["Elems"]],
].map(([feature, probe, mvdan, treeSitter, shSyntax]) => ({
  feature: /** @type {string} */ (feature),
  probe: /** @type {string} */ (probe),
  mvdan: /** @type {string} */ (mvdan),
  expected: {
    "mvdan-sh": [/** @type {string} */ (mvdan).split(".")[0]],
    "sh-syntax": /** @type {string[]} */ (shSyntax),
    "web-tree-sitter + tree-sitter-bash": /** @type {string[]} */ (treeSitter),
  },
}));

/** @param {string} directory */
function sizeOfTree(directory) {
  let total = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const child = path.join(directory, entry.name);
    total += entry.isDirectory() ? sizeOfTree(child) : statSync(child).size;
  }
  return total;
}

/** @param {string} text */
const clip = (text, most = 70) =>
  JSON.stringify(text.length > most ? `${text.slice(0, most)}…(${text.length} chars)` : text);
/** @param {number} value */
const figure = (value) =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(3);

const modules = installCandidates();
const machine = `${os.cpus()[0]?.model ?? "?"}, ${os.availableParallelism()} cores, Node ${process.version}`;
const bashVersion = spawnSync("bash", ["--version"], { encoding: "utf8" }).stdout.split("\n")[0];
const dashVersion =
  spawnSync("dpkg-query", ["-W", "-f", "${Version}", "dash"], { encoding: "utf8" }).stdout ||
  "unknown";
process.stdout.write(`shell parsers — ${machine}\n${bashVersion}; dash ${dashVersion}\n`);

/** @type {Record<string, any>} */
const results = { machine, bash: bashVersion, dash: dashVersion, candidates: {} };
const loaded = [];
for (const candidate of candidates) {
  const versions = Object.fromEntries(
    candidate.packages.map((name) => [
      name,
      JSON.parse(readFileSync(path.join(modules, name, "package.json"), "utf8")).version,
    ]),
  );
  const files = candidate.files.map((file) => readFileSync(path.join(modules, file)));
  results.candidates[candidate.name] = {
    versions,
    registry: Object.fromEntries(
      candidate.packages.map((name) => [name, describeRegistry(name, versions[name])]),
    ),
    loadedBytes: files.reduce((sum, file) => sum + file.length, 0),
    loadedGzipBytes: files.reduce((sum, file) => sum + gzipSync(file).length, 0),
    installedBytes: candidate.packages.reduce(
      (sum, name) => sum + sizeOfTree(path.join(modules, name)),
      0,
    ),
  };
  loaded.push({ candidate, parser: await candidate.load(modules) });
}

// What each tree can tell.
for (const { candidate, parser } of loaded) {
  const entry = results.candidates[candidate.name];
  entry.sync = parser.sync;
  entry.posixMode = parser.posixMode;
  entry.features = {};
  for (const { feature, probe, expected } of features) {
    const outcome = await parser.parse(probe, "bash");
    const wanted = /** @type {Record<string, string[]>} */ (expected)[candidate.name] ?? [];
    entry.features[feature] = outcome.ok && wanted.every((kind) => outcome.kinds.has(kind));
  }
}

// Agreement with the shells.
const corpus = buildCorpus(repository);
const oracles = corpus.map(({ source }) => ({
  bash: checkWithShell("bash", source),
  dash: checkWithShell("dash", source),
}));
results.corpus = {
  size: corpus.length,
  origins: corpus.reduce(
    (counts, { origin }) => {
      const key = origin.startsWith("test ") ? "src/trust/*.test.ts" : origin.split(":")[0];
      counts[key] = (counts[key] ?? 0) + 1;
      return counts;
    },
    /** @type {Record<string, number>} */ ({}),
  ),
  bashAccepts: oracles.filter((oracle) => oracle.bash.ok).length,
  dashAccepts: oracles.filter((oracle) => oracle.dash.ok).length,
};
for (const { candidate, parser } of loaded) {
  const entry = results.candidates[candidate.name];
  entry.agreement = {};
  entry.disagreements = [];
  for (const [dialect, shell] of /** @type {const} */ ([
    ["bash", "bash"],
    ["posix", "dash"],
  ])) {
    let agreed = 0;
    for (const [index, { source, origin }] of corpus.entries()) {
      const oracle = /** @type {any} */ (oracles[index])[shell];
      const outcome = await parser.check(source, dialect);
      if (outcome.ok === oracle.ok) {
        agreed += 1;
        continue;
      }
      entry.disagreements.push({
        shell,
        source,
        origin,
        shellAccepts: oracle.ok,
        shellMessage: oracle.message,
        parserError: outcome.error ?? null,
      });
    }
    entry.agreement[shell] = agreed;
  }
  // The deepest trees: does walking them work (a walker must reach every node)?
  entry.deepTreeFailures = [];
  for (const { source, origin } of corpus) {
    if (!origin.startsWith("generated: long") && !origin.startsWith("generated: deep")) continue;
    const outcome = await parser.parse(source, "bash");
    if (outcome.walkError !== undefined) {
      entry.deepTreeFailures.push({ source: clip(source, 40), error: outcome.walkError });
    }
  }
}

// Time and memory, each candidate in fresh processes, interleaved.
const coldRounds = quick ? 5 : 21;
/** @type {Record<string, { loadMs: number[], firstParseMs: number[] }>} */
const cold = Object.fromEntries(
  candidates.map(({ name }) => [name, { loadMs: [], firstParseMs: [] }]),
);
const runChild = (/** @type {number} */ index, /** @type {string} */ mode) => {
  const child = spawnSync(
    process.execPath,
    ["--expose-gc", measureScript, modules, String(index), mode],
    { encoding: "utf8", timeout: 300_000 },
  );
  if (child.status !== 0) throw new Error(`measuring ${index} ${mode} failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}");
};
for (let round = 0; round < coldRounds + 1; round += 1) {
  for (let offset = 0; offset < candidates.length; offset += 1) {
    const index = (round + offset) % candidates.length;
    const name = /** @type {string} */ (candidates[index]?.name);
    const sample = runChild(index, "cold");
    if (round === 0) continue; // a warm-up round (file cache)
    cold[name]?.loadMs.push(sample.loadMs);
    cold[name]?.firstParseMs.push(sample.firstParseMs);
  }
}
for (const [index, { name }] of candidates.entries()) {
  const entry = results.candidates[name];
  entry.loadMs = summarize(/** @type {any} */ (cold[name]).loadMs);
  entry.firstParseMs = summarize(/** @type {any} */ (cold[name]).firstParseMs);
  Object.assign(entry, runChild(index, "warm"));
}

// The tables.
const names = candidates.map(({ name }) => name);
const base = results.candidates["mvdan-sh"];
const ratio = (/** @type {number} */ value, /** @type {number} */ reference) =>
  `${figure(value)} (${(value / reference).toFixed(2)}×)`;
const rows = [
  [
    "versions",
    (/** @type {any} */ c) =>
      Object.entries(c.versions)
        .map(([n, v]) => `${n}@${v}`)
        .join(" "),
  ],
  [
    "latest on the registry (date)",
    (/** @type {any} */ c) =>
      Object.values(c.registry)
        .map((/** @type {any} */ r) => (r.error ? r.error : `${r.latest} (${r.latestDate})`))
        .join(", "),
  ],
  [
    "engines.node / deprecated flag",
    (/** @type {any} */ c) =>
      Object.values(c.registry)
        .map((/** @type {any} */ r) => `${r.engines ?? "?"} / ${r.deprecated ?? "none"}`)
        .join(", "),
  ],
  ["API", (/** @type {any} */ c) => (c.sync ? "sync parse" : "async (Promise) parse")],
  ["POSIX mode", (/** @type {any} */ c) => (c.posixMode ? "yes" : "no (bash grammar only)")],
  [
    `tree: features of ${features.length} kept`,
    (/** @type {any} */ c) =>
      `${Object.values(c.features).filter(Boolean).length}/${features.length}`,
  ],
  [
    `agrees with bash -n (of ${corpus.length})`,
    (/** @type {any} */ c) =>
      `${c.agreement.bash} (${c.disagreements.filter((/** @type {any} */ d) => d.shell === "bash").length} differ)`,
  ],
  [
    `agrees with dash -n (of ${corpus.length})`,
    (/** @type {any} */ c) =>
      `${c.agreement.dash} (${c.disagreements.filter((/** @type {any} */ d) => d.shell === "dash").length} differ)`,
  ],
  [
    "load, cold process (ms, median)",
    (/** @type {any} */ c) => ratio(c.loadMs.median, base.loadMs.median),
  ],
  [
    "first parse after load (ms)",
    (/** @type {any} */ c) => ratio(c.firstParseMs.median, base.firstParseMs.median),
  ],
  [
    "parse typical command (ms, median)",
    (/** @type {any} */ c) => ratio(c.typical.median, base.typical.median),
  ],
  [
    "parse 4 KB command (ms, median)",
    (/** @type {any} */ c) => ratio(c.large.median, base.large.median),
  ],
  [
    "walk of the deepest trees",
    (/** @type {any} */ c) =>
      c.deepTreeFailures.length === 0
        ? "ok"
        : `${c.deepTreeFailures.length} failed: ${c.deepTreeFailures[0].error.slice(0, 28)}`,
  ],
  ["RSS after load (MB, process)", (/** @type {any} */ c) => figure(c.rssLoadMb)],
  ["RSS after 200 parses of 4 KB (MB)", (/** @type {any} */ c) => figure(c.rssAfterParsesMb)],
  [
    "loaded files (KB, gzip)",
    (/** @type {any} */ c) =>
      `${Math.round(c.loadedBytes / 1024)} (${Math.round(c.loadedGzipBytes / 1024)})`,
  ],
  ["installed packages (KB)", (/** @type {any} */ c) => `${Math.round(c.installedBytes / 1024)}`],
];
const width = 38;
const columnWidth = 36;
process.stdout.write(
  `\n${"criterion".padEnd(width)}${names.map((name) => name.padEnd(columnWidth)).join("")}\n`,
);
for (const [label, cell] of rows) {
  process.stdout.write(
    `${String(label).padEnd(width)}${names
      .map((name) =>
        String(/** @type {any} */ (cell)(results.candidates[name])).padEnd(columnWidth),
      )
      .join("")}\n`,
  );
}
process.stdout.write(`\nTree: what each candidate keeps of what parse-shell-script.ts converts\n`);
process.stdout.write(
  `${"feature".padEnd(width)}${"mvdan node".padEnd(16)}${names.map((name) => name.slice(0, 20).padEnd(22)).join("")}\n`,
);
for (const { feature, mvdan } of features) {
  process.stdout.write(
    `${feature.padEnd(width)}${mvdan.padEnd(16)}${names
      .map((name) => (results.candidates[name].features[feature] ? "yes" : "LOST").padEnd(22))
      .join("")}\n`,
  );
}
process.stdout.write(
  `\nCorpus: ${corpus.length} strings (${Object.entries(results.corpus.origins)
    .map(([origin, count]) => `${origin} ${count}`)
    .join(
      ", ",
    )}); bash -n accepts ${results.corpus.bashAccepts}, dash -n ${results.corpus.dashAccepts}\n`,
);
for (const name of names) {
  const { disagreements } = results.candidates[name];
  process.stdout.write(`\nDisagreements of ${name} (${disagreements.length}):\n`);
  for (const d of disagreements) {
    const verdict = d.shellAccepts
      ? "shell accepts, parser rejects"
      : "shell rejects, parser accepts";
    process.stdout.write(
      `  ${d.shell.padEnd(5)} ${verdict.padEnd(30)} ${clip(d.source)}  [${d.origin}]${d.parserError ? `  parser: ${clip(d.parserError, 60)}` : `  ${d.shell}: ${clip(d.shellMessage, 60)}`}\n`,
    );
  }
}
writeFileSync(
  path.join(manifestDirectory, "results.json"),
  `${JSON.stringify(results, null, 2)}\n`,
);
