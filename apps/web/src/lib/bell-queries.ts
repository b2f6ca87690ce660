// The prefix of the bell's queries (its count and its list; the notifications feature owns them). It lives
// here because another feature moves the bell too: opening an issue in the inbox reads its notifications.
export const bellQueryKey = ['web-notification'] as const;
