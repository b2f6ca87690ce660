/** What the customer sees of the agents' side: read marks and typing. */
export { MARK_READ_JOB, markChatRead, requestMarkRead } from './mark-read';
export { createTypingSignals, type TypingSignals } from './typing';
