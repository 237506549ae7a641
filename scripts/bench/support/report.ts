/**
 * How every benchmark reports a figure: one line with the figure, its reference and target, and
 * PASS/FAIL (or INFO for a figure without target), also appended as JSON to BENCH_RESULTS_FILE
 * so `npm run bench` (scripts/bench.mjs) can print them all in one table at the end.
 */
import { appendFileSync } from 'node:fs';

export interface BenchResult {
  /** What was measured, e.g. "GET /api/sessao/web, PostgreSQL". */
  name: string;
  /** The figure, already formatted with its unit ("812 req/s", "14.2 ms"). */
  value: string;
  /** What it is compared with, formatted ("plain one-row read 1540 req/s"), if anything. */
  reference?: string;
  /** The compared number (a ratio, or the figure itself for an absolute target). */
  measured?: number;
  /** The target as people read it ("≥ 0.5×", "< 20 ms"); none for INFO lines. */
  target?: string;
  /** Whether the target was met; undefined for INFO lines. */
  pass?: boolean;
}

export function report(result: BenchResult): void {
  const verdict = result.pass === undefined ? 'INFO' : result.pass ? 'PASS' : 'FAIL';
  const parts = [`  ${verdict.padEnd(4)}  ${result.name}: ${result.value}`];
  if (result.reference) parts.push(`vs ${result.reference}`);
  if (result.measured !== undefined && result.reference) parts.push(`= ${result.measured.toFixed(2)}`);
  if (result.target) parts.push(`(target ${result.target})`);
  console.log(parts.join(' '));
  const file = process.env.BENCH_RESULTS_FILE;
  if (file) appendFileSync(file, `${JSON.stringify({ ...result, verdict })}\n`);
  if (result.pass === false) process.exitCode = 1;
}

/** A ratio line: `value` against `reference`, passing at `minimum` or more. */
export function reportRatio(options: {
  name: string;
  value: number;
  reference: number;
  referenceName: string;
  unit: string;
  minimum: number;
  note?: string;
}): void {
  const ratio = options.value / options.reference;
  report({
    name: options.name,
    value: `${options.value.toFixed(options.value < 100 ? 1 : 0)} ${options.unit}${options.note ? ` (${options.note})` : ''}`,
    reference: `${options.referenceName} ${options.reference.toFixed(options.reference < 100 ? 1 : 0)} ${options.unit}`,
    measured: ratio,
    target: `≥ ${options.minimum}×`,
    pass: ratio >= options.minimum,
  });
}
