/** The pages of the feature: the list, a new group, a group's statements and its editor. */
export const CONSOLIDATION_PATH = '/consolidation';
export const NEW_GROUP_PATH = `${CONSOLIDATION_PATH}/new`;
export const groupHref = (groupId: string) => `${CONSOLIDATION_PATH}/${encodeURIComponent(groupId)}`;
export const groupEditHref = (groupId: string) => `${groupHref(groupId)}?tab=edit`;
/** The Exchange Rates page, where the rates a group needs are entered. */
export const EXCHANGE_RATES_PATH = '/exchange-rates';
