// Runs npm scripts at the same time: `npm test` type-checks while the tests run, since the tests
// need the build but not the type-check. The first script's output is shown as it comes; each
// other script's output is held and printed whole once it ends, so nothing interleaves. Exits with
// the first failure's code.
//
//   node scripts/run-scripts-in-parallel.mjs test:unit typecheck
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write("usage: node scripts/run-scripts-in-parallel.mjs <npm script>...\n");
  process.exit(2);
}

// Under npm, npm_execpath is npm's own CLI script: run it with this Node.
const npm = process.env.npm_execpath;

function runScript(name, live) {
  return new Promise((resolve) => {
    const [command, args] =
      npm === undefined ? ["npm", ["run", name]] : [process.execPath, [npm, "run", name]];
    const child = spawn(command, args, { stdio: live ? "inherit" : ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(["stdout", chunk]));
    child.stderr?.on("data", (chunk) => output.push(["stderr", chunk]));
    child.on("error", (error) => {
      output.push(["stderr", Buffer.from(`could not run npm run ${name}: ${error.message}\n`)]);
      resolve({ name, code: 1, output });
    });
    child.on("close", (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output }));
  });
}

const runs = names.map((name, index) => runScript(name, index === 0));
let failed = 0;
for (const run of runs) {
  const { name, code, output } = await run;
  for (const [stream, chunk] of output) process[stream].write(chunk);
  if (code !== 0) {
    process.stderr.write(`npm run ${name} failed (exit ${code})\n`);
    if (failed === 0) failed = code;
  }
}
process.exitCode = failed;
