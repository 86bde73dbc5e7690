// Runs npm scripts at the same time (`typecheck` and `build` are each a single-threaded tsc run,
// so on two cores together they take about as long as the longer one). Each script's output is
// printed whole when it ends, so the two never interleave; the exit code is the first failure's.
//
//   node scripts/run-scripts-in-parallel.mjs typecheck build
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write("usage: node scripts/run-scripts-in-parallel.mjs <npm script>...\n");
  process.exit(2);
}

const npm = process.env.npm_execpath;
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      // Under npm, npm_execpath is npm's own CLI script; run it with this Node.
      const [command, args] =
        npm === undefined ? ["npm", ["run", name]] : [process.execPath, [npm, "run", name]];
      const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
      const output = [];
      child.stdout.on("data", (chunk) => output.push(["stdout", chunk]));
      child.stderr.on("data", (chunk) => output.push(["stderr", chunk]));
      child.on("error", (error) => {
        output.push(["stderr", Buffer.from(`could not run npm run ${name}: ${error.message}\n`)]);
        resolve({ name, code: 1, output });
      });
      child.on("close", (code, signal) =>
        resolve({ name, code: code ?? (signal ? 1 : 0), output }),
      );
    }),
);

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
