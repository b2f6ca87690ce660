/** The reply box's element id: the inbox's skip link and the R shortcut move the focus there. */
export const REPLY_BOX_ID = 'reply-box';
