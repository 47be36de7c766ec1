import {
  accountingMessages,
  QUICKBOOKS_CALLBACK_ERROR_REASONS,
  QUICKBOOKS_CALLBACK_OUTCOMES,
  type QuickbooksCallbackErrorReason,
  type QuickbooksCallbackOutcome,
} from '@finboard/shared/accounting';

export interface CallbackNotice {
  type: 'success' | 'warning' | 'error';
  text: string;
}

const OUTCOME_NOTICES: Record<Exclude<QuickbooksCallbackOutcome, 'error'>, CallbackNotice> = {
  connected: { type: 'success', text: accountingMessages.connected('QuickBooks') },
  declined: { type: 'warning', text: accountingMessages.quickbooksDeclined },
  failed: { type: 'error', text: accountingMessages.connectFailed },
};

const REFUSAL_NOTICES: Record<QuickbooksCallbackErrorReason, CallbackNotice> = {
  state: { type: 'error', text: accountingMessages.stateInvalid },
  company: { type: 'error', text: accountingMessages.otherCompany },
};

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/**
 * What /apps says about the QuickBooks sign-in it came back from (`?quickbooks=` and, for a refusal,
 * `&reason=`); nothing for an address it does not recognise. A refusal without a known reason is the state's.
 */
export function callbackNotice(params: URLSearchParams): CallbackNotice | undefined {
  const outcome = params.get('quickbooks');
  if (!isOneOf(QUICKBOOKS_CALLBACK_OUTCOMES, outcome)) return undefined;
  if (outcome !== 'error') return OUTCOME_NOTICES[outcome];
  const reason = params.get('reason');
  return REFUSAL_NOTICES[isOneOf(QUICKBOOKS_CALLBACK_ERROR_REASONS, reason) ? reason : 'state'];
}
