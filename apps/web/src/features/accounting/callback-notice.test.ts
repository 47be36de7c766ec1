import { describe, expect, it } from 'vitest';
import { accountingMessages } from '@finboard/shared/accounting';
import { callbackNotice } from './callback-notice';

const noticeOf = (search: string) => callbackNotice(new URLSearchParams(search));

describe('the notice /apps shows after the QuickBooks sign-in', () => {
  it('says the sign-in link was already used, expired or unknown for reason=state', () => {
    expect(noticeOf('quickbooks=error&reason=state')).toEqual({
      type: 'error',
      text: 'The QuickBooks sign-in link has expired, was already used or is not valid: nothing was changed. Connect again.',
    });
  });

  it('says another company was refused, and how to connect it instead, for reason=company', () => {
    expect(noticeOf('quickbooks=error&reason=company&organization=5a1c')).toEqual({
      type: 'error',
      text: 'QuickBooks sent back another company than the one this organization is connected to: nothing was changed. To connect that company instead, choose Connect a different company.',
    });
  });

  it('keeps the other outcomes', () => {
    expect(noticeOf('quickbooks=connected&organization=5a1c')).toEqual({
      type: 'success',
      text: 'QuickBooks connected successfully',
    });
    expect(noticeOf('quickbooks=declined')).toEqual({ type: 'warning', text: accountingMessages.quickbooksDeclined });
    expect(noticeOf('quickbooks=failed')).toEqual({ type: 'error', text: accountingMessages.connectFailed });
  });

  it('treats a refusal without a known reason as the link’s, and ignores an unknown outcome', () => {
    expect(noticeOf('quickbooks=error&reason=other')).toEqual({ type: 'error', text: accountingMessages.stateInvalid });
    expect(noticeOf('quickbooks=bogus')).toBeUndefined();
    expect(noticeOf('')).toBeUndefined();
  });
});
