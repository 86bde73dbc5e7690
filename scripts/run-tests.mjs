// `npm test`: lint and build, then the type-check beside Vitest. Vitest leaves part of the CPU idle
// while tests wait on the processes they spawn; the type-check (about 30 s of CPU) fills that
// time instead of running first on its own. Its output is printed when it ends, so it never
// interleaves with Vitest's. Arguments go to Vitest (`npm test -- src/cli`). Exits non-zero if
// any step fails; the lint and the build stop the run, as the tests need the build.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const require = createRequire(import.meta.url);
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/**
 * Runs a command in the package root; resolves with its exit code (1 for a signal or a spawn
 * error) and, when `quiet`, its output to print later.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {{ quiet?: boolean }} [options]
 * @returns {Promise<{ code: number, output: string }>}
 */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: options.quiet === true ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

for (const script of ["lint", "build"]) {
  const step = await run(npm, ["run", "--silent", script]);
  if (step.code !== 0) {
    process.stderr.write(`npm test: npm run ${script} failed (exit ${step.code})\n`);
    process.exit(step.code);
  }
}

/**
 * The file a package's `bin` entry names, run with this Node.
 * @param {string} name
 * @param {string} bin
 * @returns {string}
 */
function findBin(name, bin) {
  const manifestPath = require.resolve(`${name}/package.json`);
  const manifest = require(manifestPath);
  const entry = typeof manifest.bin === "string" ? manifest.bin : manifest.bin[bin];
  return path.join(path.dirname(manifestPath), entry);
}

const typescript = findBin("typescript", "tsc");
const vitest = findBin("vitest", "vitest");
const [typecheck, tests] = await Promise.all([
  run(process.execPath, [typescript, "-b", "tsconfig.json"], { quiet: true }),
  run(process.execPath, [vitest, "run", ...process.argv.slice(2)]),
]);
process.stdout.write(
  typecheck.code === 0 ? "\nType-check (tsc -b): no errors\n" : `\n${typecheck.output}`,
);
if (typecheck.code !== 0)
  process.stderr.write(`npm test: the type-check failed (exit ${typecheck.code})\n`);
if (tests.code !== 0) process.stderr.write(`npm test: Vitest failed (exit ${tests.code})\n`);
process.exit(typecheck.code !== 0 ? typecheck.code : tests.code);
