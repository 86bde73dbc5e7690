// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${…}` here is shell syntax, not a template.
// The corpus of `npm run bench:parsers`: every command of src/trust/*.test.ts and docs/zerocode.md,
// hand-written edge cases, and generated ones (truncations, very long lines, deep nesting).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { createLargeCommand } from "./shell-parser-inputs.mjs";

/** @typedef {{ source: string, origin: string }} CorpusEntry */

// Calls whose string arguments are hook commands in the trust tests.
const commandTakers = new Set([
  "scripts",
  "files",
  "reasons",
  "required",
  "resolveHookScript",
  "resolveHookScripts",
  "findBashOnlySyntax",
  "run",
  "trustedSetup",
  "codes",
]);

/**
 * The string literals of a test file that are commands: a `command:` property, an argument of a
 * helper that takes one, and every string of a table row (`it.each([...])`, `const rows = [...]`);
 * a table's expected-value columns (paths, reasons) come along and are parsed like any string.
 * @param {string} file
 * @returns {string[]}
 */
function extractTestCommands(file) {
  const text = readFileSync(file, "utf8");
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  /** @type {string[]} */
  const found = [];
  const isString = (/** @type {ts.Node} */ node) =>
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
  const inTable = (/** @type {ts.Node} */ node) => {
    for (let current = node.parent; current !== undefined; current = current.parent) {
      if (ts.isCallExpression(current)) {
        const callee = current.expression;
        return ts.isPropertyAccessExpression(callee) && callee.name.text === "each";
      }
      if (ts.isVariableDeclaration(current)) return true;
      if (!ts.isArrayLiteralExpression(current) && !ts.isAsExpression(current)) return false;
    }
    return false;
  };
  const visit = (/** @type {ts.Node} */ node) => {
    if (isString(node)) {
      const parent = node.parent;
      const value = /** @type {ts.StringLiteral} */ (node).text;
      if (ts.isPropertyAssignment(parent) && parent.name.getText() === "command") found.push(value);
      else if (
        ts.isCallExpression(parent) &&
        ts.isIdentifier(parent.expression) &&
        commandTakers.has(parent.expression.text) &&
        !["bash", "sh", "dash", "/bin/sh"].includes(value)
      ) {
        found.push(value);
      } else if (ts.isArrayLiteralExpression(parent) && inTable(parent)) found.push(value);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/**
 * The commands of docs/zerocode.md: `"command": "…"` in JSON, `command = …` in TOML, the first
 * column of the script-resolution table, and the inline code of the script-resolution section.
 * @param {string} file
 * @returns {string[]}
 */
function extractDocumentCommands(file) {
  const text = readFileSync(file, "utf8");
  /** @type {string[]} */
  const found = [];
  for (const match of text.matchAll(/"command": ("(?:[^"\\]|\\.)*")/g)) {
    found.push(JSON.parse(/** @type {string} */ (match[1])));
  }
  for (const match of text.matchAll(/^command = (?:'([^']*)'|"((?:[^"\\]|\\.)*)")$/gm)) {
    found.push(match[1] ?? JSON.parse(`"${match[2]}"`));
  }
  const section = text.slice(
    text.indexOf("### Script resolution"),
    text.indexOf("\n### ", text.indexOf("### Script resolution") + 1),
  );
  const table = /```text\ncommand +scripts[^\n]*\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  for (const line of table.split("\n")) {
    const command = line.slice(0, 63).trimEnd();
    if (command !== "") found.push(command);
  }
  const prose = section.replace(/```[\s\S]*?```/g, "");
  for (const match of prose.matchAll(/`([^`\n]+)`/g)) found.push(/** @type {string} */ (match[1]));
  return found;
}

// Hand-written edge cases, grouped by what they probe.
const edgeCases = {
  "unclosed quote": [
    `echo "a`,
    "echo 'a",
    "echo $'a",
    'echo $"a',
    "echo `a",
    "echo $(a",
    "echo ${a",
    "echo $((1",
    `./a.sh "it's`,
    `echo "a\nb`,
    "echo 'a'\"",
    "echo \\",
    "echo a\\\n",
  ],
  "ansi-c quoting": [
    "printf '%s\\n' $'a\\tb'",
    "echo $'\\x41\\u00e9\\101'",
    "echo $'a\\'b'",
    "$'./a.sh'",
    "echo $'",
    "echo x$'y'z",
    "echo \"$'a'\"",
  ],
  "here-documents": [
    "cat <<EOF\nhi $X\nEOF",
    "cat <<'EOF'\n$(not run)\nEOF",
    'cat <<"E"OF\nx\nEOF',
    "cat <<-EOF\n\tx\n\tEOF",
    "cat <<EOF | wc -l\nx\nEOF",
    "cat <<EOF > out; echo done\nx\nEOF",
    "cat <<'EOF' 2>&1 | tail -5\nhello\nEOF",
    "cat <<A <<B\na\nA\nb\nB",
    "cat <<EOF\nunterminated",
    "cat <<EOF",
    "x=$(cat <<EOF\nhi\nEOF\n)",
    "bash <<'EOF'\n./a.sh\nEOF",
    "cat >> f << EOF\ntrue\nEOF",
    '<<-EOF echo "Hello\n  World"\nEOF',
    "cat <<!H!\nx\n!H!",
    'cat <<EOF\n$(echo "a\nb")\nEOF',
  ],
  case: [
    "case $x in a|b) c;; *) d;; esac",
    "case x in (x) echo;; esac",
    "case x in x) echo; esac",
    "case x in esac",
    "case x in x) echo;& y) echo;;& esac",
    "case x in x) echo;;",
    "case x in x echo;; esac",
    'case $(a) in "$b") ./c.sh;; esac',
    "case x in @(a|b)) echo;; esac",
  ],
  "test [[ ]]": [
    "[[ a == a ]] && echo yes",
    "[[ -f a && ( -d b || -e c ) ]]",
    "[[ a =~ ^(x|y)$ ]]",
    "[[ $x == *.sh ]]",
    "[[ ]]",
    "[[ a",
    "[[ a < b ]]",
    "[ -f a ] && test -x b",
    '[[ "$(./a.sh)" ]]',
  ],
  arrays: [
    "a=(1 2); echo ${a[1]}",
    "a=(1 [5]=x); echo ${#a[@]} ${!a[@]}",
    "declare -A m=([k]=v); echo ${m[k]}",
    "a[1]=x",
    "a+=(y)",
    "a=(",
    "echo ${a[$(./b.sh)]}",
  ],
  "bash-only syntax": [
    "function f { echo f; }; f",
    "function f() { :; }",
    "cat <<< hi",
    "cat <(echo p) >(cat)",
    "(( 1 + 1 )) && echo yes",
    "for ((i=0;i<2;i++)); do echo $i; done",
    "for ((;;)); do break; done",
    "echo a |& cat",
    "echo a &> /dev/null",
    "echo a &>> /dev/null",
    "x=a; x+=b",
    "coproc true",
    "coproc x { ./a.sh; }",
    "select x in a; do break; done",
    "declare x=1; typeset y; local z; let w=1",
    "echo ${x:1:1} ${x/b/B} ${x^^} ${!y} ${x@Q} ${!pre*}",
    "echo $[1+2]",
    "echo @(a|b)",
    "shopt -s extglob\necho @(a|b)",
    "echo !(x)",
    "time -p ls",
    "echo {a,b}c {1..3}",
    "exec {fd}>out",
    "echo ${x,,}",
  ],
  "dash-only acceptance": [
    "echo $(( 1 + ))",
    "echo ${x[1]}",
    "a=(1 2)",
    "function f { echo; }",
    "echo a |& cat",
    "x+=1",
    "((x=1))",
    "echo $((echo hi); echo there)",
    "f() echo hi",
    "echo ${x@Q}",
    "echo ${x:1}",
    "echo ${!x}",
    "[[ a ]]",
    "echo >& 3",
    "{ echo; }}",
    "echo $(( $(echo 1) + 1 ))",
    "for i do echo $i; done",
    "for i in; do :; done",
    "if true; then :; fi fi",
  ],
  "nested substitutions": [
    'echo "$(echo "$(echo "$(./a.sh)")")"',
    "echo `echo \\`echo hi\\``",
    'echo "$(echo ")")"',
    "echo $(echo $(echo $(echo $(echo x))))",
    "echo ${X:-$(./gen.sh)}",
    "echo ${X/$(a)/$(b)}",
    "echo $((1 + $(echo 2)))",
    "echo $(case x in x) echo;; esac)",
    "echo $( ( echo ) )",
    "echo $(cat <<EOF\nx\nEOF\n)",
    'echo "`echo \\"a\\"`"',
    'echo "$(echo \')")"',
  ],
  "structure and operators": [
    "./a.sh && echo done || echo failed",
    "a | b | c &",
    "! ./a.sh",
    "{ ./a.sh; } 2>&1 | tee log",
    "( cd hooks && ./a.sh )",
    "if a; then b; elif c; then d; else e; fi",
    'while read -r l; do echo "$l"; done < f',
    "until false; do break; done",
    "f() ( :; ); f",
    "a 2>&1 >x <y >>z >|v 3<&0 4>&-",
    "a <>w",
    "exec 3<>f",
    "echo a # $(b",
    "echo a#b",
    "echo a \\\n b",
    "echo if then fi",
    "a=1 b=2",
    "export A=1 B; readonly C=2",
    "echo é \"ü\" 'ß'",
    "echo a;;",
    "fi",
    "done",
    "(",
    ")",
    "{ echo",
    "echo a |",
    "echo a &&",
    ";",
    "&",
    "|a",
    "if true; then",
    "echo a;b",
    "echo ]]",
    "echo }",
    "{ }",
    "echo a & & b",
    "trap './a.sh' EXIT",
    'eval "$(./env.sh)"',
    "",
    "   ",
    "# only a comment",
  ],
};

/**
 * A deterministic pseudo-random generator (mulberry32), so that the corpus is the same each run.
 * @param {number} seed
 */
function createRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function generateLongAndDeep() {
  return [
    ["long line", `echo ${"a".repeat(20_000)}`],
    ["long line", `./x.sh "${"b".repeat(6_000)}`],
    ["long line", `${"./a.sh | ".repeat(2_000)}cat`],
    ["long line", `${"x".repeat(6_000)}\n./a.sh "it's`],
    ["long line", `echo '${"c ".repeat(9_000)}' && ./b.sh`],
    ["long line", createLargeCommand()],
    ["deep nesting", `echo ${"$(".repeat(100)}x${")".repeat(100)}`],
    ["deep nesting", `${"(".repeat(200)}./a.sh${")".repeat(200)}`],
    ["deep nesting", `${"{ ".repeat(100)}./a.sh${"; }".repeat(100)}`],
    ["deep nesting", `echo ${'"$('.repeat(50)}x${')"'.repeat(50)}`],
    ["deep nesting", `echo ${"$(".repeat(100)}x${")".repeat(99)}`],
  ];
}

/**
 * The whole corpus, deduplicated (first origin wins).
 * @param {string} repository the repository's root
 * @returns {CorpusEntry[]}
 */
export function buildCorpus(repository) {
  /** @type {Map<string, string>} */
  const entries = new Map();
  const add = (/** @type {string} */ source, /** @type {string} */ origin) => {
    if (!entries.has(source)) entries.set(source, origin);
  };
  const trust = path.join(repository, "src", "trust");
  const testCommands = [];
  for (const name of readdirSync(trust).sort()) {
    if (!name.endsWith(".test.ts")) continue;
    for (const source of extractTestCommands(path.join(trust, name))) {
      add(source, `test ${name}`);
      testCommands.push(source);
    }
  }
  const documentCommands = extractDocumentCommands(path.join(repository, "docs", "zerocode.md"));
  for (const source of documentCommands) add(source, "docs/zerocode.md");
  for (const [group, sources] of Object.entries(edgeCases)) {
    for (const source of sources) add(source, `edge: ${group}`);
  }
  for (const [group, source] of generateLongAndDeep()) add(source, `generated: ${group}`);
  // Truncations: each command cut at a random point (unclosed quotes, dangling operators…).
  const random = createRandom(29);
  for (const source of [...new Set([...testCommands, ...documentCommands])]) {
    if (source.length < 6) continue;
    const cut = 2 + Math.floor(random() * (source.length - 3));
    add(source.slice(0, cut), "generated: truncation");
  }
  return [...entries].map(([source, origin]) => ({ source, origin }));
}
