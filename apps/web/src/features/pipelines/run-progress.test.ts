import { describe, expect, it } from 'vitest';
import type { PipelineRunStep } from '@finboard/shared/pipelines';
import { actionOutcome, currentStep, formatDuration, runProgressPercent } from './run-progress';

const steps = (...statuses: PipelineRunStep['status'][]): PipelineRunStep[] =>
  (['stage', 'validate', 'load', 'refresh'] as const).map((stage, index) => ({ stage, status: statuses[index]! }));

describe('run progress', () => {
  it('is 0 for a queued run whose steps are all pending', () => {
    expect(runProgressPercent({ status: 'queued', steps: steps('pending', 'pending', 'pending', 'pending') })).toBe(0);
  });
  it('counts each done step as a quarter and the rows done of a running step', () => {
    const running = steps('done', 'running', 'pending', 'pending');
    running[1] = { ...running[1]!, done: 500, total: 1000 };
    expect(runProgressPercent({ status: 'running', steps: running })).toBe(37);
    expect(currentStep({ steps: running })).toBe('validate');
  });
  it('adds nothing for a running step without a total', () => {
    expect(runProgressPercent({ status: 'running', steps: steps('done', 'done', 'running', 'pending') })).toBe(50);
  });
  it('stays below 100 until the run succeeded, and is 100 then', () => {
    expect(runProgressPercent({ status: 'running', steps: steps('done', 'done', 'done', 'done') })).toBe(99);
    expect(runProgressPercent({ status: 'succeeded', steps: steps('done', 'done', 'done', 'done') })).toBe(100);
  });
  it('keeps the progress a failed run had reached', () => {
    expect(runProgressPercent({ status: 'failed', steps: steps('done', 'failed', 'pending', 'pending') })).toBe(25);
    expect(currentStep({ steps: steps('done', 'failed', 'pending', 'pending') })).toBeUndefined();
  });
});

describe('the outcome of one Run Pipeline click', () => {
  it('waits while any run is queued or running', () => {
    expect(actionOutcome(['succeeded', 'running'])).toBeUndefined();
    expect(actionOutcome(['queued'])).toBeUndefined();
  });
  it("says 'All pipelines ran successfully!' when every run succeeded", () => {
    expect(actionOutcome(['succeeded', 'succeeded'])).toEqual({ ok: true, message: 'All pipelines ran successfully!' });
  });
  it("says 'Failed to run some pipelines.' when any run failed", () => {
    expect(actionOutcome(['succeeded', 'failed'])).toEqual({ ok: false, message: 'Failed to run some pipelines.' });
    expect(actionOutcome(['failed'])).toEqual({ ok: false, message: 'Failed to run some pipelines.' });
  });
});

describe('durations', () => {
  it('reads as people say them', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_480)).toBe('12.4 s');
    expect(formatDuration(185_000)).toBe('3 min 05 s');
    expect(formatDuration(3_725_000)).toBe('1 h 02 min');
  });
});
