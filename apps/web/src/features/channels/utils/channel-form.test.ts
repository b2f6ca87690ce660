import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { Channel } from '@sabai/contracts';
import {
  duplicateKeywordRows,
  copyMondayToWeekdays,
  newShift,
  toCreateRequest,
  toFormValues,
  toUpdateRequest,
} from './channel-form';

const TEAM = '5b3c1f9e-1111-4a2b-9c3d-000000000001';

function channel(overrides: Partial<Channel> = {}): Channel {
  return {
    id: 'c1',
    type: 'line',
    name: 'Shop LINE',
    externalId: '1650000001',
    pageId: null,
    webhookUrl: 'https://inbox.example/webhooks/line/1650000001',
    assignedMode: 'keyword',
    assignedTeamId: TEAM,
    reservedTeamId: null,
    keywords: [{ id: 'k1', keyword: 'order', teamId: TEAM }],
    businessHoursMode: 'custom',
    shifts: [{ weekday: 1, startsAt: '09:00', endsAt: '18:00' }],
    offServiceResponse: 'Closed',
    sendAgentIdentity: true,
    answerInGroups: true,
    markReadOnOpen: false,
    holidays: [
      { id: 'h1', name: 'Songkran', date: '2027-04-13', autoResponseMessage: 'Closed', canRemove: true },
    ],
    hasSecret: true,
    hasAccessToken: true,
    takenOverAt: null,
    unreadableDeliveries: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('channel form values', () => {
  it('round-trips a channel into an update body that keeps the secrets and holiday ids', () => {
    const values = toFormValues(channel());
    expect(toUpdateRequest(values)).toEqual({
      name: 'Shop LINE',
      assignedMode: 'keyword',
      assignedTeamId: TEAM,
      reservedTeamId: null,
      keywords: [{ keyword: 'order', teamId: TEAM }],
      businessHoursMode: 'custom',
      shifts: [{ weekday: 1, startsAt: '09:00', endsAt: '18:00' }],
      offServiceResponse: 'Closed',
      holidays: [{ id: 'h1', name: 'Songkran', date: '2027-04-13', autoResponseMessage: 'Closed' }],
      sendAgentIdentity: true,
      answerInGroups: true,
      markReadOnOpen: false,
    });
  });

  it('sends new secrets only when typed', () => {
    const values = { ...toFormValues(channel()), secret: ' new-secret ', accessToken: '' };
    expect(toUpdateRequest(values)).toMatchObject({ secret: 'new-secret' });
    expect(toUpdateRequest(values)).not.toHaveProperty('accessToken');
  });

  it('does not send what the form hides: keywords in normal mode, shifts with 24x7 hours', () => {
    const values = {
      ...toFormValues(channel()),
      assignedMode: 'normal' as const,
      businessHoursMode: '24x7' as const,
    };
    expect(toUpdateRequest(values)).toMatchObject({ keywords: [], shifts: [] });
  });

  it('builds a LINE create body with trimmed values and the takeover flag', () => {
    const values = {
      ...toFormValues(),
      name: ' New OA ',
      externalId: ' 1650000009 ',
      secret: 'secret',
      accessToken: 'token',
      assignedTeamId: TEAM,
      holidays: [
        { name: 'New year', date: dayjs('2027-01-01'), autoResponseMessage: 'Closed', canRemove: true },
      ],
    };
    expect(toCreateRequest(values, 'line', { takeOver: true })).toEqual({
      type: 'line',
      name: 'New OA',
      externalId: '1650000009',
      secret: 'secret',
      accessToken: 'token',
      takeOver: true,
      assignedMode: 'normal',
      assignedTeamId: TEAM,
      reservedTeamId: null,
      keywords: [],
      businessHoursMode: '24x7',
      shifts: [],
      offServiceResponse: '',
      holidays: [{ name: 'New year', date: '2027-01-01', autoResponseMessage: 'Closed' }],
      sendAgentIdentity: false,
      answerInGroups: false,
      markReadOnOpen: true,
    });
  });

  it('builds a Messenger or Instagram create body with the Facebook Login connection, never a token', () => {
    const values = { ...toFormValues(), name: 'Page', externalId: '100000000000777', assignedTeamId: TEAM };
    const body = toCreateRequest(values, 'instagram', { connectionId: 'conn-1', takeOver: false });
    expect(body).toMatchObject({ type: 'instagram', externalId: '100000000000777', connectionId: 'conn-1' });
    expect(body).not.toHaveProperty('accessToken');
  });

  it('finds keywords repeating an earlier one, ignoring case and spaces', () => {
    expect(
      duplicateKeywordRows([
        { keyword: 'Order' },
        { keyword: 'refund' },
        { keyword: ' ORDER ' },
        { keyword: '' },
      ]),
    ).toEqual([2]);
  });

  it('adds office hours on a day, and copies Monday to the other weekdays, keeping the weekend', () => {
    expect(newShift(3).weekday).toBe(3);
    expect(newShift(3).startsAt?.format('HH:mm')).toBe('09:00');
    const morning = { weekday: 1, startsAt: dayjs('2000-01-01T08:00'), endsAt: dayjs('2000-01-01T12:00') };
    const afternoon = { weekday: 1, startsAt: dayjs('2000-01-01T13:00'), endsAt: dayjs('2000-01-01T17:00') };
    const copied = copyMondayToWeekdays([morning, afternoon, newShift(3), newShift(6)]);
    expect(copied.map((s) => s.weekday).sort()).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
    expect(copied.filter((s) => s.weekday === 3).map((s) => s.startsAt?.format('HH:mm'))).toEqual([
      '08:00',
      '13:00',
    ]);
  });
});
