import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { routes, type IssueActivity, type IssueDetail, type Message } from '@sabai/contracts';
import { ensureInboxTexts } from '../../../lib/i18n';
import { expectAccessible } from '../../../test/accessibility';
import { answer, cutOff, hold } from '../../../test/network';
import { renderInApp, text } from '../../../test/render-screen';
import { ChatPane } from './chat-pane';

const ISSUE: IssueDetail = {
  id: 41,
  kind: 'conversation',
  status: 'on-going',
  channel: { id: 'channel-1', name: 'LINE Shop', type: 'line' },
  contact: {
    id: 'contact-1',
    displayName: 'Khun Mali',
    name: 'Mali',
    email: null,
    mobileNumber: null,
    pictureUrl: null,
  },
  team: { id: 'team-1', name: 'Customer Care' },
  assignee: { id: 'user-1', displayName: 'Somchai', profilePath: null },
  tags: [],
  lastMessage: { text: 'Do you ship to Chiang Mai?', kind: 'text', senderType: 'customer' },
  unreadCount: 0,
  startDate: '2026-03-10T02:00:00.000Z',
  lastResponseAt: '2026-03-10T02:00:00.000Z',
  daysLeft: null,
  isOld: false,
  closeRequested: false,
  sla: null,
  note: '',
  adId: null,
  transferredFromIssueId: null,
  transferredToIssueId: null,
  replyLockedInboxUrl: null,
  muted: false,
  mayTake: false,
  viewOnly: false,
  customerBlocked: false,
  chatInStandby: false,
  groupChat: null,
  postId: null,
  csat: null,
};

const open = (lang: 'en' | 'th') =>
  renderInApp(<ChatPane issueId={ISSUE.id} onOpenIssue={() => undefined} />, {
    path: '/issue/inbox',
    lang,
    texts: ensureInboxTexts,
  });

/** What the chat reads besides the issue. */
function answerTheChat(
  issue: IssueDetail = ISSUE,
  { messages = [], activity = [] }: { messages?: Message[]; activity?: IssueActivity[] } = {},
) {
  answer(routes.issues.get, issue);
  answer(routes.messages.list, { items: messages, nextCursor: null });
  answer(routes.issues.activity, activity);
  answer(routes.assist.features, {
    suggest: false,
    rewrite: false,
    translate: false,
    summarise: false,
    tags: false,
  });
}

// The conversation is a virtual list, which draws only the messages that fit its height: jsdom lays
// nothing out, so every element here measures as a desktop chat would.
beforeEach(() => {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(800);
});

afterEach(() => {
  vi.restoreAllMocks();
});

for (const lang of ['en', 'th'] as const) {
  describe(`sending from the chat (${lang})`, () => {
    const reply = lang === 'en' ? 'We ship all over Thailand' : 'ส่งทั่วประเทศค่ะ';
    const again = lang === 'en' ? 'Shall I send it again?' : 'ลองส่งอีกครั้งค่ะ';
    it('shows a reply as sending while the server has not answered, the draft gone', async () => {
      answerTheChat();
      const send = hold(routes.messages.send);
      const { container, user } = await open(lang);
      const input = await screen.findByTestId('composer-input');
      await user.type(input, `${reply}{Enter}`);
      expect((input as HTMLTextAreaElement).value).toBe('');
      const status = await screen.findByTestId('delivery-status');
      expect(status.textContent?.trim()).toBe(text('inbox.delivery.pending'));
      expect(status.closest('[data-testid="message"]')?.textContent).toContain(reply);
      expect(send).toHaveLength(1);
      expect(send[0]?.body).toMatchObject({ text: reply });
      await expectAccessible(container);
    });

    it('gives a reply that could not be sent back to the composer', async () => {
      answerTheChat();
      cutOff(routes.messages.send);
      const { user } = await open(lang);
      const input = await screen.findByTestId('composer-input');
      await user.type(input, `${again}{Enter}`);
      await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe(again));
      expect(screen.queryByTestId('message')).toBeNull();
    });
  });
}

describe('a LINE chat in standby', () => {
  it('says another module answers the chat and keeps replies off, private notes on', async () => {
    answerTheChat({ ...ISSUE, chatInStandby: true });
    const { container, user } = await open('th');
    const banner = await screen.findByTestId('chat-in-standby');
    expect(banner.textContent).toContain(text('inbox.chat.chatInStandby'));
    expect(screen.getByTestId('reply-standby').textContent).toContain(text('inbox.composer.standby'));
    expect(screen.queryByTestId('composer-input')).toBeNull();
    await user.click(screen.getByTestId('note-switch'));
    expect(await screen.findByTestId('composer-input')).toBeTruthy();
    await expectAccessible(container);
  });
});

/** A customer's message in a LINE group, by the member `userId` (null: LINE withheld who). */
const groupMessage = (id: number, text: string, userId: string | null): Message => ({
  id,
  issueId: ISSUE.id,
  direction: 'inbound',
  senderType: 'customer',
  senderName: null,
  kind: 'text',
  text,
  payload: null,
  isPrivateNote: false,
  deliveryStatus: 'received',
  providerError: null,
  clientId: null,
  attachments: [],
  createdAt: `2026-03-10T02:0${id}:00.000Z`,
  groupMember: { userId },
});

describe('a LINE group conversation', () => {
  it('names the member who wrote each message, "a member" when unknown, and who joined in the trail', async () => {
    answerTheChat(
      { ...ISSUE, groupChat: 'group' },
      {
        messages: [groupMessage(3, 'Me too', null), groupMessage(2, 'Open on Sunday?', 'U-mai')],
        activity: [
          {
            id: 7,
            kind: 'chat_event',
            at: '2026-03-10T02:01:00.000Z',
            actor: null,
            fromStatus: null,
            toStatus: null,
            agent: null,
            previousAgent: null,
            team: null,
            tag: null,
            relatedIssueId: null,
            csat: null,
            automation: null,
            chatEvent: { event: 'members_joined', members: ['Khun Mai', null], detail: null },
          },
        ],
      },
    );
    answer(routes.issues.chatMembers, {
      items: [{ userId: 'U-mai', displayName: 'Khun Mai', pictureUrl: null, hasLeft: false }],
    });
    const { container } = await open('en');
    await waitFor(() =>
      expect(screen.getAllByTestId('group-member').map((e) => e.textContent)).toEqual([
        'Khun Mai',
        text('inbox.trail.aMember'),
      ]),
    );
    const line = screen.getByTestId('activity-line');
    expect(line.textContent).toContain(
      text('inbox.trail.chat.members_joined', { members: `Khun Mai, ${text('inbox.trail.aMember')}` }),
    );
    await expectAccessible(container);
  });
});

/** A customer's message `id` at 02:`id` on 10 March. */
const customerMessage = (id: number, text: string): Message => ({
  ...groupMessage(id, text, null),
  groupMember: undefined,
  createdAt: `2026-03-10T02:${String(id).padStart(2, '0')}:00.000Z`,
});

describe('a long conversation', () => {
  it('loads the earlier messages as the reader nears the top, the day line coming with the day’s start', async () => {
    answerTheChat();
    const pages = answer(routes.messages.list, ({ query }) =>
      query.get('before') === '11'
        ? { items: [customerMessage(10, 'Still there?'), customerMessage(9, 'Hello')], nextCursor: null }
        : {
            items: [customerMessage(12, 'Size M please'), customerMessage(11, 'Is it in stock?')],
            nextCursor: 11,
          },
    );
    const { container } = await open('en');
    await screen.findByText('Size M please');
    // The oldest message loaded comes first, without its day's line: the day began on an earlier page.
    expect(screen.queryByRole('separator')).toBeNull();
    // Near the top (the whole list is within a screen of it here), the earlier page is asked for.
    const list = screen.getByTestId('message-list');
    list.dispatchEvent(new Event('scroll'));
    await screen.findByText('Hello');
    expect(pages.map((call) => call.query.get('before'))).toEqual([null, '11']);
    expect(screen.getAllByTestId('message').map((m) => m.dataset.messageId)).toEqual(['9', '10', '11', '12']);
    // The start of the conversation is in: its day's line and the start line show above it.
    expect(screen.getAllByRole('separator')).toHaveLength(1);
    expect(list.textContent).toContain(text('inbox.chat.start'));
    await expectAccessible(container);
  });
});
