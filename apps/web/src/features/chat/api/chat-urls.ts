/** Chat DB's endpoints and the query key all of its reads share. */
export const chatUrls = {
  ask: '/api/v1/chat/ask',
  history: '/api/v1/chat/history',
  clear: '/api/v1/chat/clear',
  suggestions: '/api/v1/chat/suggestions',
};
export const chatQueryKey = ['chat'] as const;
