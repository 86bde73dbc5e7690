// Bundles the commands on the path of every tool call, `agent-hooks dispatch` and `agent-hooks
// shim`, each into one file, and compiles each once for V8's code cache (run after tsc, by `npm
// run build`): dist/cli/run-<command>-cli.js and everything it loads, dependencies included,
// minified, as the body of a CommonJS wrapper function (dist/cli/<command>.bundle.cjs), plus
// dist/cli/<command>.bundle.cjs.cache. One file with compiled code at hand instead of ~150
// modules to resolve and compile is what brings them near `node -e 0` (docs/performance.md, "CLI
// start-up"; docs/shim.md): bin/agent-hooks.js runs the command's bundle through node:vm while it
// is newer than the last tsc build (Node 20 has no compile cache for ES modules). Separate
// bundles keep the shim's small: it loads the runner and its translation tables, not the engine.
// The library's ESM output (dist/**) is left as it is.
// Usage: node scripts/build-cli-bundle.mjs
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../", import.meta.url));
/** The bundled commands; bin/agent-hooks.js names the same files. */
const commands = ["dispatch", "shim"];

for (const command of commands) {
  const entry = path.join(root, "dist", "cli", `run-${command}-cli.js`);
  if (!existsSync(entry)) {
    process.stderr.write(`build-cli-bundle: ${entry} is missing; run tsc first\n`);
    process.exit(1);
  }
}
for (const command of commands) {
  await bundleCommand(
    path.join(root, "dist", "cli", `run-${command}-cli.js`),
    path.join(root, "dist", "cli", `${command}.bundle.cjs`),
  );
}

async function bundleCommand(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    // Aliases resolve from here, whatever directory the script is run from.
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20.19",
    minify: true,
    sourcemap: "linked",
    sourcesContent: false,
    // Loaded only by dynamic import, so left to Node: yaml (skill and subagent frontmatter) and the
    // optional OpenTelemetry peer; required when used, since a node:vm script has no import().
    external: ["yaml", "@opentelemetry/api"],
    supported: { "dynamic-import": false },
    // jsonc-parser's main file is UMD, whose require() calls esbuild cannot follow; its ESM build.
    alias: { "jsonc-parser": "jsonc-parser/lib/esm/main.js" },
    // The file is one function expression, compiled as it is by bin/agent-hooks.js (a CommonJS
    // module body); `import.meta.url` (createRequire, package.json) becomes the file's URL.
    define: { "import.meta.url": "__bundleUrl" },
    banner: {
      js: '(function (exports, require, module, __filename, __dirname) {"use strict";\nconst __bundleUrl = require("node:url").pathToFileURL(__filename).href;',
    },
    footer: { js: "})" },
    logLevel: "warning",
  });

  // Compiled here once; V8 rejects the cache (and compiles anew) under another Node or V8 flags.
  const script = new Script(readFileSync(outfile, "utf8"), { filename: outfile });
  writeFileSync(`${outfile}.cache`, script.createCachedData());
}
