import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 20_000,
    pool: "forks",
    // No test may leave temporary files behind: the run and each test file get their own TMPDIR,
    // and a test file fails when it leaves anything in its own.
    globalSetup: ["test/support/isolate-temp-directory.ts"],
    setupFiles: ["test/support/check-temp-directory.ts"],
  },
});
