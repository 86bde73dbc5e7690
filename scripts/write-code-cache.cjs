// Writes V8's code cache of one CLI bundle after a training run (called by build-cli-bundle.mjs).
// The bundle is loaded as bin/agent-hooks.js loads it, its command runs once per argv given, and
// at exit the cache is written from the compiled script: it then holds the bytecode of every
// function those runs called, which a cache made right after compiling would not (V8 compiles a
// function when it is first called), so a real run compiles almost nothing.
// Usage: node scripts/write-code-cache.cjs <bundle> <entry> <argv JSON> [<argv JSON> ...]
const { readFileSync, writeFileSync } = require("node:fs");
const path = require("node:path");
const { Script } = require("node:vm");

const [given, entry, ...runs] = process.argv.slice(2);
const bundle = path.resolve(given);
const script = new Script(readFileSync(bundle, "utf8"), { filename: bundle });
const bundleModule = { exports: {} };
script.runInThisContext()(
  bundleModule.exports,
  require("node:module").createRequire(bundle),
  bundleModule,
  bundle,
  path.dirname(bundle),
);
// Written however the runs end (a command may call process.exit).
process.on("exit", () => writeFileSync(`${bundle}.cache`, script.createCachedData()));

(async () => {
  for (const run of runs)
    await bundleModule.exports[entry](["node", "agent-hooks", ...JSON.parse(run)]);
})();
