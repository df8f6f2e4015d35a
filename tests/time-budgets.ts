// A Vitest reporter of the tests' time budgets: after the run it lists every test that used
// more than a third of its timeout, the ones a machine twice as loaded could fail by the
// clock (give such a test an explicit budget, or make it cheaper). With
// KSEROWO_TEST_TIMES=<file> it also writes every test's duration and timeout as JSON, the
// figures of docs/testing-costs.md.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface Timed {
  project: string;
  file: string;
  test: string;
  ms: number;
  timeoutMs: number;
}

export default class TimeBudgets implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const timed: Timed[] = [];
    for (const module of modules)
      for (const test of module.children.allTests()) {
        const ms = test.diagnostic()?.duration;
        if (ms === undefined) continue;
        timed.push({
          project: test.project.name,
          file: path.relative(process.cwd(), module.moduleId),
          test: test.fullName,
          ms: Math.round(ms),
          timeoutMs: test.options.timeout ?? 5000,
        });
      }
    timed.sort((a, b) => b.ms / b.timeoutMs - a.ms / a.timeoutMs);
    const out = process.env.KSEROWO_TEST_TIMES;
    if (out) writeFileSync(out, `${JSON.stringify(timed, null, 1)}\n`);
    const tight = timed.filter((t) => t.ms * 3 > t.timeoutMs);
    if (!tight.length) return;
    console.log(`\nTests past a third of their time budget (${tight.length}):`);
    for (const t of tight)
      console.log(`  ${(t.ms / 1000).toFixed(1)} s of ${t.timeoutMs / 1000} s  ${t.file} › ${t.test}`);
  }
}
