import { describe, expect, it } from 'vitest';
import { pipelineMessages } from '@finboard/shared/pipelines';
import { failureText } from './failure-text';

// ApiError's shape: api-client itself needs a browser window.
class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

describe('failure text', () => {
  it("uses the spec's message when the server failed or could not be reached", () => {
    expect(failureText(new ApiError('Internal server error', 500), pipelineMessages.runFailed)).toBe(
      'An error occurred while running the pipeline',
    );
    expect(failureText(new ApiError('An error occurred', 0), pipelineMessages.fetchAvailableFailed)).toBe(
      'An error occurred while fetching available pipelines',
    );
    expect(failureText(new Error('boom'), pipelineMessages.runFailed)).toBe(pipelineMessages.runFailed);
  });
  it("keeps the server's reason for a refused request", () => {
    expect(failureText(new ApiError('Organization not found', 404), pipelineMessages.runFailed)).toBe(
      'Organization not found',
    );
  });
});
