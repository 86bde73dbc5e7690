import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts", "clients/**/*.test.ts"],
    // Timeouts only catch a hang: on a loaded machine (load 14 on 2 cores) a test that spawns
    // real processes runs several times slower, and it must still pass. No test asserts speed.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Test files share their worker's module cache instead of re-importing the engine each time
    // (about 0.4 s of CPU per file); setup files still run per file, and no test file relies on
    // a fresh module state.
    isolate: false,
    // Vitest's default is one worker per core minus one: a single worker on two cores. Many tests
    // wait on real processes (timeouts, kill grace periods), so one worker more than the cores
    // keeps both busy.
    maxWorkers: os.availableParallelism() + 1,
    // No test may leave temporary files behind: the run and each test file get their own TMPDIR,
    // and a test file fails when it leaves anything in its own.
    globalSetup: ["test/support/isolate-temp-directory.ts"],
    setupFiles: ["test/support/check-temp-directory.ts"],
  },
});
