export { findHookTestErrors, type HookTestErrors } from "./find-hook-test-errors.js";
export { formatHookTestReport } from "./format-hook-test-report.js";
export {
  type HookTestCase,
  type HookTestExpectation,
  type HookTestFile,
  readHookTestFile,
} from "./hook-test-case.js";
export { matchExpectation, matchText } from "./match-expectation.js";
export {
  type HookTestOptions,
  type HookTestReport,
  type HookTestResult,
  runHookTestCase,
  runHookTests,
} from "./run-hook-tests.js";
